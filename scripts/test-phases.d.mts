export type TimedTest = { name: string; ms: number };
export type Phase = { name: string; ms: number; ok: boolean };
export function vitestTests(report: unknown): TimedTest[];
export function playwrightTests(report: unknown): TimedTest[];
export function slowest(tests: TimedTest[], count?: number): TimedTest[];
export function phaseTable(phases: Phase[]): string;
