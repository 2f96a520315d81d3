// The page's entry (index.html). The stylesheet is linked from index.html through it; the app
// (main.tsx: React, the first calls, the first render) is a chunk of its own. Without the server's
// landing page, the server names the app's files in index.html's Link header
// (server/http/web-app.ts), so they download alongside this one.
import "./styles.css";

const startApp = () => import("./main");

/**
 * Resolves once the browser has painted the page's first content, or when it cannot tell: after
 * `fallbackMs` (a browser without paint timing, a page opened in the background), or at once if
 * the paint is already past.
 */
function afterFirstPaint(fallbackMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (performance.getEntriesByName("first-contentful-paint").length > 0) return resolve();
    let observer: PerformanceObserver | undefined;
    const done = () => {
      clearTimeout(timer);
      observer?.disconnect();
      resolve();
    };
    const timer = setTimeout(done, fallbackMs);
    try {
      observer = new PerformanceObserver(done);
      observer.observe({ type: "paint" });
    } catch {
      done();
    }
  });
}

// The server's landing page (a visitor without a session at `/`) is painted before the app's
// JavaScript is fetched and run: on a phone, either would hold the paint back (issue 17's LCP;
// docs/architecture.md#the-prerendered-landing-page). The app then takes the painted page over
// (main.tsx). Any other page needs the app to show anything: it starts at once.
if (document.getElementById("root")?.dataset.prerendered !== undefined) {
  void afterFirstPaint(1_000).then(startApp);
} else {
  void startApp();
}
