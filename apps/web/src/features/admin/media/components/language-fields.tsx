import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { FormField } from '../../../../components/form-field';

interface LanguageFields {
  language: string;
  label: string;
}

interface LanguageFieldsProps {
  register: UseFormRegister<LanguageFields>;
  errors: FieldErrors<LanguageFields>;
  /** What the two boxes suggest, e.g. `es` and `Español`. */
  placeholders: LanguageFields;
}

/**
 * A track's BCP 47 language code and the label members see in the player's menu: side by side, and
 * one above the other on a phone, where "Language code" would wrap and lift its box above the other.
 */
export function LanguageFields({ register, errors, placeholders }: LanguageFieldsProps) {
  return (
    <div className="row gx-2">
      <div className="col-12 col-sm-5">
        <FormField
          label="Language code"
          placeholder={placeholders.language}
          registration={register('language')}
          error={errors.language?.message}
        />
      </div>
      <div className="col-12 col-sm-7">
        <FormField
          label="Label"
          placeholder={placeholders.label}
          registration={register('label')}
          error={errors.label?.message}
        />
      </div>
    </div>
  );
}
