/** Longest side of a photo sent to the server (it stores 1600 px anyway). */
export const MAX_UPLOAD_SIDE = 2000;

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
}

/**
 * A picture as a data URL for the listing and product editors (the server checks and re-encodes
 * every picture anyway). Large photos are drawn on a canvas at most
 * 2000 px on the longest side and sent as JPEG (quality 0.85), so a phone photo of 8 MB becomes
 * a few hundred KB; small ones are sent as they are.
 */
export async function imageToDataUrl(file: File): Promise<string> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return readAsDataUrl(file);
  }
  try {
    const { width, height } = bitmap;
    const scale = Math.min(1, MAX_UPLOAD_SIDE / Math.max(width, height));
    if (scale === 1 && file.size <= 1024 * 1024) return await readAsDataUrl(file);
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(width * scale));
    canvas.height = Math.max(1, Math.round(height * scale));
    const context = canvas.getContext('2d');
    if (!context) return await readAsDataUrl(file);
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    return canvas.toDataURL('image/jpeg', 0.85);
  } finally {
    bitmap.close();
  }
}
