/** Cast pictures look best at this size or smaller (spec section 9). */
export const RECOMMENDED_IMAGE_SIDE = 400;

/** The pixel size of an image file, or null when it cannot be decoded. */
export async function imageSize(file: Blob): Promise<{ width: number; height: number } | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

export async function isLargerThanRecommended(file: Blob): Promise<boolean> {
  const size = await imageSize(file);
  return size !== null && (size.width > RECOMMENDED_IMAGE_SIDE || size.height > RECOMMENDED_IMAGE_SIDE);
}
