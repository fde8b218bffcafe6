import type { Plugin } from 'vite';

export const TEXT_FILE: RegExp;
export function precompress(
  dir: string,
): Promise<{ files: number; raw: number; br: number; gz: number }>;
export function precompressPlugin(): Plugin;
