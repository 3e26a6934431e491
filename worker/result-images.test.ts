import { describe, expect, it } from 'vitest';
import { packImages } from './result-images.ts';

const img = (name: string, bytes: number, page = 1) => ({ name, page, alt: name, png: new Uint8Array(bytes).fill(7) });

describe('packImages', () => {
  it('packs the pictures one after another and indexes where each sits', () => {
    const md = '![a](images/p1-1.png)\n\n![b](images/p2-1.png)\n';
    const out = packImages(md, [img('images/p1-1.png', 10), img('images/p2-1.png', 5, 2)], 1000);
    expect(out.markdown).toBe(md);
    expect(out.index).toEqual([
      { name: 'images/p1-1.png', page: 1, alt: 'images/p1-1.png', offset: 0, bytes: 10 },
      { name: 'images/p2-1.png', page: 2, alt: 'images/p2-1.png', offset: 10, bytes: 5 },
    ]);
    expect(out.bundle?.length).toBe(15);
  });

  it('leaves out pictures past the result size, and says so where they were linked', () => {
    const md = '![a](images/p1-1.png)\n\n![b](images/p1-2.png)\n';
    const out = packImages(md, [img('images/p1-1.png', 10), img('images/p1-2.png', 100)], Buffer.byteLength(md) + 50);
    expect(out.index.map((i) => i.name)).toEqual(['images/p1-1.png']);
    expect(out.omitted).toBe(1);
    expect(out.markdown).toContain('![a](images/p1-1.png)');
    expect(out.markdown).toContain('<!-- images/p1-2.png left out: over the result size limit -->');
    expect(out.markdown).not.toContain('](images/p1-2.png)');
  });
});
