/**
 * The pictures of a job converted with images: files. They are stored as one
 * blob beside the Markdown (the PNGs one after another), whose key follows
 * from the Markdown's, so every path that deletes a result (delete_job,
 * retention, tombstone removal) deletes the pictures with it; the job's
 * settings record where each PNG sits in that blob.
 */
import { z } from 'zod';

/** One stored picture: its path relative to the Markdown, and its bytes within the images blob. */
export const StoredImage = z.object({
  name: z.string(),
  page: z.number().int(),
  alt: z.string(),
  offset: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
});
export type StoredImage = z.infer<typeof StoredImage>;

/** The key of the images blob of a result whose Markdown is stored at `outputKey`. */
export const imagesKeyOf = (outputKey: string): string => `${outputKey.replace(/\.md$/, '')}.images`;

/** Every blob of a stored result: the Markdown and its images (which may not exist). */
export const resultBlobKeys = (outputKey: string): string[] => [outputKey, imagesKeyOf(outputKey)];

/** The pictures a job's settings record, in Markdown order; none for a job without. */
export function storedImages(settings: unknown): StoredImage[] {
  const parsed = z.array(StoredImage).safeParse((settings as { images?: unknown } | null)?.images);
  return parsed.success ? parsed.data : [];
}
