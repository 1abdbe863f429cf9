import './empty-result.scss';
import { Messages } from '@reeltime/contract';

export function EmptyResult() {
  return (
    <div className="empty-result text-center">
      <svg className="empty-result__icon" viewBox="0 0 24 24" width="56" height="56" aria-hidden="true">
        <path
          fill="currentColor"
          d="M10 2a8 8 0 0 1 6.32 12.9l5.39 5.4-1.41 1.4-5.4-5.38A8 8 0 1 1 10 2Zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12Z"
        />
      </svg>
      <p className="empty-result__title">{Messages.emptyResultTitle}</p>
      <p className="empty-result__hint">{Messages.emptyResultHint}</p>
    </div>
  );
}
