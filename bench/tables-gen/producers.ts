/** Every producer the generated-tables bench can draw with, in report order. */
import { chromiumProducer } from './producer-chromium.ts';
import { latexProducer } from './producer-latex.ts';
import { calcProducer, writerProducer } from './producer-office.ts';
import type { Producer } from './producer.ts';

export const PRODUCERS: readonly Producer[] = [chromiumProducer, latexProducer, writerProducer, calcProducer];
