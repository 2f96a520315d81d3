export type TimedTest = { name: string; ms: number };
/** `beside`: the phase it ran side by side with, which started with it. */
export type Phase = { name: string; ms: number; ok: boolean; beside?: string };
export function vitestTests(report: unknown): TimedTest[];
export function playwrightTests(report: unknown): TimedTest[];
export function slowest(tests: TimedTest[], count?: number): TimedTest[];
/** The tests added up per file, named by the file (a Playwright file per project). */
export function perFile(tests: TimedTest[]): TimedTest[];
export function phaseTable(phases: Phase[]): string;
export interface FailedTest {
  name: string;
  error: string;
}
export function failedTests(
  vitestReports: { report: unknown; prefix: string }[],
  playwrightReport: unknown,
): FailedTest[];
