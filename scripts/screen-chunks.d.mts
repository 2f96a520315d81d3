export type Route = { path: string; access: "signed-in" | "public"; modules: string[] };
export function routesOf(source: string): Route[];
export function writeScreenChunks(webDir: string): Record<string, string[]>;
