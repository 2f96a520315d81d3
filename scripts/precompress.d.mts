export function precompress(webDir: string): void;
