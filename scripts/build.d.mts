export const defaultOutDir: string;
export function buildAll(options?: { quiet?: boolean; outDir?: string }): Promise<void>;
/** The tests' shared build of the current sources: the folder holding web/ and server/. */
export function testBuild(): Promise<string>;
