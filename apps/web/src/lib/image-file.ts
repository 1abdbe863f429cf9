import { ServerMessages } from '@reeltime/contract';

/** The image formats the server takes, as the file input's `accept` names them. */
export const ACCEPTED_IMAGES = 'image/jpeg,image/png,image/webp,image/gif';

type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif';

const ascii = (bytes: Uint8Array, from: number, text: string) =>
  [...text].every((character, index) => bytes[from + index] === character.charCodeAt(0));

/**
 * The format the first bytes of a file announce (their magic numbers), as the server reads them:
 * never the file's name or the type the browser guessed from it.
 */
export function imageFormatOf(bytes: Uint8Array): ImageFormat | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (ascii(bytes, 0, '\x89PNG\r\n\x1a\n')) return 'png';
  if (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a')) return 'gif';
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return 'webp';
  return undefined;
}

/** Reads what a browser `File` (or any Blob) holds, also where Blob#arrayBuffer is missing. */
function readBytes(blob: Blob): Promise<Uint8Array> {
  if (typeof blob.arrayBuffer === 'function')
    return blob.arrayBuffer().then((buffer) => new Uint8Array(buffer));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsArrayBuffer(blob);
  });
}

/**
 * Why the server would refuse `file` as an image of at most `maxBytes` (its own messages), or
 * undefined when it would take it. Checked the moment a file is chosen.
 */
export async function imageFileProblem(
  file: File,
  maxBytes: number,
  tooLargeMessage: string,
): Promise<string | undefined> {
  let head: Uint8Array;
  try {
    head = await readBytes(file.slice(0, 12));
  } catch {
    return ServerMessages.unsupportedMedia;
  }
  if (!imageFormatOf(head)) return ServerMessages.unsupportedMedia;
  if (file.size > maxBytes) return tooLargeMessage;
  return undefined;
}
