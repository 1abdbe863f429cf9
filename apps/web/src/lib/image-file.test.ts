import { describe, expect, it } from 'vitest';
import { ServerMessages } from '@reeltime/contract';
import { imageFileProblem, imageFormatOf } from './image-file';

const bytes = (...values: Array<number | string>) =>
  new Uint8Array(
    values.flatMap((value) => (typeof value === 'number' ? [value] : [...value].map((c) => c.charCodeAt(0)))),
  );

const PNG = bytes(0x89, 'PNG\r\n', 0x1a, '\n', 0, 0, 0, 13);

describe('imageFormatOf', () => {
  it('reads the four formats the server takes from their first bytes', () => {
    expect(imageFormatOf(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(imageFormatOf(PNG)).toBe('png');
    expect(imageFormatOf(bytes('GIF89a'))).toBe('gif');
    expect(imageFormatOf(bytes('RIFF', 0, 0, 0, 0, 'WEBP'))).toBe('webp');
  });

  it('refuses text, other files and a RIFF that is not WebP', () => {
    expect(imageFormatOf(bytes('hello world'))).toBeUndefined();
    expect(imageFormatOf(bytes('%PDF-1.7'))).toBeUndefined();
    expect(imageFormatOf(bytes('RIFF', 0, 0, 0, 0, 'WAVE'))).toBeUndefined();
    expect(imageFormatOf(new Uint8Array())).toBeUndefined();
  });
});

describe('imageFileProblem', () => {
  it('refuses a text file named .png with the server’s message', async () => {
    const fake = new File(['just some text'], 'poster.png', { type: 'image/png' });
    expect(await imageFileProblem(fake, 1024, 'too large')).toBe(ServerMessages.unsupportedMedia);
  });

  it('names the size limit of a real image that is too large, and takes one within it', async () => {
    const big = new File([PNG, new Uint8Array(6 * 1024 * 1024)], 'big.png', { type: 'image/png' });
    expect(await imageFileProblem(big, 5 * 1024 * 1024, ServerMessages.thumbnailTooLarge)).toBe(
      ServerMessages.thumbnailTooLarge,
    );
    const small = new File([PNG], 'small.png', { type: 'image/png' });
    expect(await imageFileProblem(small, 5 * 1024 * 1024, ServerMessages.thumbnailTooLarge)).toBeUndefined();
  });
});
