import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { hasGlyphMarks } from './glyph-marks.ts';

/** A 600x200 pt page rendered at 2 px/pt, painted by `draw`. */
function raster(draw: (ctx: ReturnType<ReturnType<typeof createCanvas>['getContext']>) => void) {
  const canvas = createCanvas(1200, 400);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, 1200, 400);
  draw(ctx);
  return ctx.getImageData(0, 0, 1200, 400);
}

describe('hasGlyphMarks', () => {
  it('sees a line of print', () => {
    const img = raster((ctx) => {
      ctx.fillStyle = '#000';
      ctx.font = '40px "DejaVu Sans"';
      ctx.fillText('Quarterly revenue', 60, 120);
    });
    expect(hasGlyphMarks(img, 2)).toBe(true);
  });

  it('sees white print on a dark slide', () => {
    const img = raster((ctx) => {
      ctx.fillStyle = '#123';
      ctx.fillRect(0, 0, 1200, 400);
      ctx.fillStyle = '#fff';
      ctx.font = '40px "DejaVu Sans"';
      ctx.fillText('Results by region', 60, 120);
    });
    expect(hasGlyphMarks(img, 2)).toBe(true);
  });

  it('sees nothing to read in a blank page, a gradient, a photo-like blob of pixels or a few shapes', () => {
    expect(hasGlyphMarks(raster(() => undefined), 2)).toBe(false);
    const gradient = raster((ctx) => {
      const g = ctx.createLinearGradient(0, 0, 1200, 0);
      g.addColorStop(0, '#000');
      g.addColorStop(1, '#fff');
      ctx.fillStyle = g;
      ctx.fillRect(0, 0, 1200, 400);
    });
    expect(hasGlyphMarks(gradient, 2)).toBe(false);
    // A low-resolution picture scaled up: square pixels of grey, some dark, touching at corners.
    const blob = raster((ctx) => {
      for (let y = 0; y < 12; y++) {
        for (let x = 0; x < 20; x++) {
          const v = Math.round(255 * Math.abs(Math.sin(x * 1.7 + y * 2.3)));
          ctx.fillStyle = `rgb(${v},${v},${v})`;
          ctx.fillRect(300 + x * 12, 100 + y * 12, 12, 12);
        }
      }
    });
    expect(hasGlyphMarks(blob, 2)).toBe(false);
    const shapes = raster((ctx) => {
      ctx.fillStyle = '#000';
      ctx.beginPath();
      ctx.arc(200, 200, 80, 0, 2 * Math.PI);
      ctx.fill();
      ctx.fillRect(500, 100, 200, 150);
      ctx.strokeRect(800, 60, 300, 280);
    });
    expect(hasGlyphMarks(shapes, 2)).toBe(false);
  });
});
