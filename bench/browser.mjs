// The browser figures for the family with 50,000 expenses, measured in Chromium on the
// built app: the Expenses page (first row, first page's JSON, rows in the DOM after scrolling
// through ten years) and the dashboard (every total and week card showing money).
//
// The selectors and paths below are written against the contract and the dashboard in main on
// 2026-11-23, before the paged Expenses screen landed: fix them here if the screens name things
// differently. Each selector is a CSS selector list; an element counts when it matches any part.
import { createServer } from "node:http";
import { chromium } from "playwright-core";

export const CHROMIUM = process.env.BENCH_CHROMIUM ?? "/usr/bin/chromium";
export const VIEWPORT = { width: 1280, height: 800 };

/** The Expenses screen, and the call that loads its pages (the contract's GET /api/expenses/page). */
export const EXPENSES_PATH = "/expenses";
export const EXPENSE_PAGE_API = "/api/expenses/page";
/**
 * One rendered expense on desktop: a table row with at least two cells (a virtualiser's spacer
 * rows and a "loading more" row have one cell or none), or anything marked as an expense row.
 * Phones get list items, which this desktop bench does not look for.
 */
export const EXPENSE_ROW_SELECTOR = [
  "main table tbody tr:has(td + td)",
  "main [role='row']:has([role='cell'] + [role='cell'])",
  "main [data-testid='expense-row']",
  "main [data-testid='expense-item']",
].join(", ");

/** The dashboard, pinned to the month the summary call measures (useSelectedMonth's ?month=&year=). */
export const dashboardPath = ({ month, year }) => `/?month=${month}&year=${year}`;
export const SUMMARY_API = "/api/summary";
/** Gasto Total, Meta Mensal and Saldo Restante (src/web/features/dashboard/month-totals.tsx). */
export const DASHBOARD_TOTALS_SELECTOR = [
  "[data-testid='total-spent']",
  "[data-testid='total-budget']",
  "[data-testid='remaining-balance']",
  "[data-testid='remaining-amount']",
  "section[aria-labelledby='month-totals-title'] dd",
].join(", ");
export const DASHBOARD_TOTALS_MIN = 3;
/** The four week cards (week-cards.tsx: li[data-testid=week-N] holding [data-testid=week-spent]). */
export const DASHBOARD_WEEKS_SELECTOR = [
  "[data-testid='week-spent']",
  "[data-testid^='week-']",
  "section[aria-labelledby='weeks-title'] li",
].join(", ");
export const DASHBOARD_WEEKS_MIN = 4;
/**
 * Money as any of the three languages writes it: R$ 1.234,56 / $1,234.56 / 1.234,56 €: digits,
 * a separator and two decimals. Day ranges ("Dias 1–7") and week numbers do not match it.
 */
export const MONEY_PATTERN = "\\d[.,]\\d{2}(?!\\d)";

const NAVIGATIONS = Number(process.env.BENCH_NAVIGATIONS ?? 5);
const NAVIGATION_TIMEOUT_MS = 20_000;
/** Scrolling through ten years stops after this long even when pages still load. */
const SCROLL_SECONDS = Number(process.env.BENCH_SCROLL_SECONDS ?? 360);
/** Scroll rounds in a row without a new page before the list counts as fully loaded. */
const SCROLL_IDLE_ROUNDS = 3;
const SCROLL_IDLE_MS = 2000;

/**
 * Runs in every document before the app: records, in ms since the navigation started
 * (performance.now()), when the condition first held in the DOM (`domMs`) and the frame after it
 * (`paintMs`, a requestAnimationFrame then a task: the frame that shows it has been produced).
 * Checked on every DOM mutation and every animation frame.
 */
function watchInPage({
  kind,
  rowSelector,
  totalsSelector,
  totalsMin,
  weeksSelector,
  weeksMin,
  money,
}) {
  const moneyRe = new RegExp(money);
  const shown = (el) => {
    const rect = el.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0 && getComputedStyle(el).visibility !== "hidden";
  };
  const withMoney = (selector) => {
    let n = 0;
    for (const el of document.querySelectorAll(selector)) {
      if (moneyRe.test(el.textContent ?? "") && shown(el)) n++;
    }
    return n;
  };
  const holds =
    kind === "row"
      ? () => {
          const row = document.querySelector(rowSelector);
          return row !== null && (row.textContent ?? "").trim() !== "" && shown(row);
        }
      : () => withMoney(totalsSelector) >= totalsMin && withMoney(weeksSelector) >= weeksMin;
  const state = {};
  window.__bench = state;
  let observer;
  const check = () => {
    if (state.domMs !== undefined || !holds()) return;
    state.domMs = performance.now();
    observer?.disconnect();
    requestAnimationFrame(() =>
      setTimeout(() => {
        state.paintMs = performance.now();
      }, 0),
    );
  };
  observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, characterData: true });
  const frame = () => {
    check();
    if (state.domMs === undefined) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** `promise`, or an error after `ms`: a page busy for that long must not stall the bench. */
function bounded(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took more than ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const PAGE_CALL_MS = 30_000;
/** page.evaluate has no time limit of its own. */
const inPage = (page, fn, arg) => bounded(page.evaluate(fn, arg), PAGE_CALL_MS, "the page");

async function newContext(browser, base, cookie, watch) {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: "pt-BR" });
  const [name, ...value] = cookie.split("=");
  await context.addCookies([{ name, value: value.join("="), url: base }]);
  await context.addInitScript(watchInPage, {
    kind: watch,
    rowSelector: EXPENSE_ROW_SELECTOR,
    totalsSelector: DASHBOARD_TOTALS_SELECTOR,
    totalsMin: DASHBOARD_TOTALS_MIN,
    weeksSelector: DASHBOARD_WEEKS_SELECTOR,
    weeksMin: DASHBOARD_WEEKS_MIN,
    money: MONEY_PATTERN,
  });
  return context;
}

/** Navigates and waits for the watched condition; ms from navigation start, or null (timed out). */
async function timedNavigation(page, url) {
  await page.goto(url, { waitUntil: "commit", timeout: NAVIGATION_TIMEOUT_MS });
  try {
    await page.waitForFunction(() => window.__bench?.paintMs !== undefined, null, {
      timeout: NAVIGATION_TIMEOUT_MS,
      polling: 20,
    });
  } catch {
    return { domMs: null, paintMs: null, url: page.url() };
  }
  return { ...(await inPage(page, () => window.__bench)), url: page.url() };
}

const isPageCall = (url, base) => {
  const u = new URL(url);
  return u.origin === base && u.pathname === EXPENSE_PAGE_API;
};

/** Every GET /api/expenses/page the page makes: size of its body, and its parsed JSON. */
function recordPageCalls(page, base) {
  const calls = [];
  // Requests sent and settled (answered or failed): a slow page is still loading, not idle.
  calls.sent = 0;
  calls.settled = 0;
  page.on("request", (request) => {
    if (isPageCall(request.url(), base)) calls.sent++;
  });
  const settle = (request) => {
    if (isPageCall(request.url(), base)) calls.settled++;
  };
  page.on("requestfinished", settle);
  page.on("requestfailed", settle);
  page.on("response", async (response) => {
    if (!isPageCall(response.url(), base)) return;
    const entry = { url: response.url(), status: response.status(), done: false };
    calls.push(entry);
    try {
      const body = await response.body();
      entry.bytes = body.length;
      entry.encoding = response.headers()["content-encoding"] ?? "identity";
      entry.json = JSON.parse(body.toString("utf8"));
    } catch {
      // a body the page navigated away from
    }
    entry.done = true;
  });
  return calls;
}

/** Scrolls the window, and the rows' own scrolling container if they have one, to the bottom. */
function scrollToBottom(rowSelector) {
  window.scrollTo(0, document.documentElement.scrollHeight);
  let el = document.querySelector(rowSelector)?.parentElement ?? null;
  while (el && el !== document.body && el !== document.documentElement) {
    const { overflowY } = getComputedStyle(el);
    if ((overflowY === "auto" || overflowY === "scroll") && el.scrollHeight > el.clientHeight + 1) {
      el.scrollTop = el.scrollHeight;
    }
    el = el.parentElement;
  }
}

/** Whether a row holding exactly `description` (in one of its cells) is in the viewport. */
function rowVisible({ rowSelector, description }) {
  for (const row of document.querySelectorAll(rowSelector)) {
    const cells = [row, ...row.querySelectorAll("*")];
    if (!cells.some((el) => (el.textContent ?? "").trim() === description)) continue;
    const rect = row.getBoundingClientRect();
    if (rect.height > 0 && rect.bottom > 0 && rect.top < window.innerHeight) return true;
  }
  return false;
}

const countRows = (page) =>
  inPage(page, (selector) => document.querySelectorAll(selector).length, EXPENSE_ROW_SELECTOR);

async function expensesPage(browser, base, cookie) {
  const context = await newContext(browser, base, cookie, "row");
  try {
    const page = await context.newPage();
    const calls = recordPageCalls(page, base);
    const url = `${base}${EXPENSES_PATH}`;
    // One navigation first, not counted: the browser's cache holds the app's JS after it, as for
    // anyone who opened the app before, and the server has run the calls once.
    const warmup = await timedNavigation(page, url);
    const navigations = [];
    const firstPages = [];
    for (let i = 0; i < NAVIGATIONS; i++) {
      const before = calls.length;
      navigations.push(await timedNavigation(page, url));
      for (let waited = 0; waited < 5000; waited += 20) {
        const first = calls.slice(before).find((c) => !new URL(c.url).searchParams.has("cursor"));
        if (first?.done) {
          firstPages.push(first);
          break;
        }
        await sleep(20);
      }
    }

    // Ten years: scroll until no more pages load or the oldest expense shows, within SCROLL_SECONDS.
    console.log(
      `bench: Chromium: first row ${navigations.map((n) => n.paintMs?.toFixed(0)).join(", ")} ms; scrolling`,
    );
    const scrollStart = Date.now();
    const before = calls.length;
    const landed = await timedNavigation(page, url);
    let maxRows = await countRows(page);
    let idle = 0;
    let oldest;
    let oldestVisible = false;
    let endReason = "time limit";
    while (Date.now() - scrollStart < SCROLL_SECONDS * 1000) {
      const sent = calls.sent;
      await inPage(page, scrollToBottom, EXPENSE_ROW_SELECTOR);
      // A round loads a page when a request is on its way or goes out within SCROLL_IDLE_MS;
      // then it waits (up to PAGE_CALL_MS) for every request to be answered and read.
      let loaded = false;
      for (let waited = 0; waited < SCROLL_IDLE_MS; waited += 10) {
        if (calls.sent > sent || calls.sent > calls.settled) {
          loaded = true;
          break;
        }
        await sleep(10);
      }
      for (let waited = 0; loaded && waited < PAGE_CALL_MS; waited += 10) {
        if (calls.sent === calls.settled && calls.every((c) => c.done)) break;
        await sleep(10);
      }
      maxRows = Math.max(maxRows, await countRows(page));
      const last = calls.slice(before).findLast((c) => c.json && c.json.nextCursor === null);
      oldest = last?.json.items.at(-1)?.description ?? oldest;
      if (oldest && !oldestVisible) {
        oldestVisible = await inPage(page, rowVisible, {
          rowSelector: EXPENSE_ROW_SELECTOR,
          description: oldest,
        });
      }
      if (oldestVisible) {
        endReason = "oldest expense visible";
        break;
      }
      if (loaded) idle = 0;
      else if (++idle >= SCROLL_IDLE_ROUNDS) {
        endReason = oldest ? "last page loaded, no more pages" : "no more pages load";
        break;
      }
    }
    const scrollCalls = calls.slice(before).filter((c) => c.json);
    console.log(
      `bench: Chromium: scrolled ${scrollCalls.length} pages in ${((Date.now() - scrollStart) / 1000).toFixed(0)} s (${endReason})`,
    );
    const finalRows = await countRows(page);
    return {
      warmupMs: warmup.paintMs,
      firstRowMs: navigations.map((n) => n.paintMs),
      firstRowDomMs: navigations.map((n) => n.domMs),
      firstPageBytes: firstPages.map((c) => c.bytes),
      firstPageEncoding: firstPages[0]?.encoding,
      firstPageItems: firstPages[0]?.json?.items?.length,
      firstPageTotals: firstPages[0]?.json?.totals ?? null,
      firstPageUrl: firstPages[0]?.url,
      usesPageCall: calls.length > 0,
      scroll: {
        landedMs: landed.paintMs,
        seconds: (Date.now() - scrollStart) / 1000,
        pages: scrollCalls.length,
        items: scrollCalls.reduce((n, c) => n + (c.json.items?.length ?? 0), 0),
        failedCalls: calls.slice(before).filter((c) => c.status !== 200).length,
        finalRows,
        maxRows,
        reachedEnd: oldest !== undefined,
        oldestVisible,
        endReason,
      },
    };
  } finally {
    await bounded(context.close(), PAGE_CALL_MS, "closing the page").catch(() => {});
  }
}

async function dashboard(browser, base, cookie, month) {
  const context = await newContext(browser, base, cookie, "dashboard");
  try {
    const page = await context.newPage();
    let summaryCalls = 0;
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === SUMMARY_API) summaryCalls++;
    });
    const url = `${base}${dashboardPath(month)}`;
    const warmup = await timedNavigation(page, url);
    const navigations = [];
    for (let i = 0; i < NAVIGATIONS; i++) navigations.push(await timedNavigation(page, url));
    return {
      warmupMs: warmup.paintMs,
      paintedMs: navigations.map((n) => n.paintMs),
      domMs: navigations.map((n) => n.domMs),
      readsSummary: summaryCalls > 0,
    };
  } finally {
    await bounded(context.close(), PAGE_CALL_MS, "closing the page").catch(() => {});
  }
}

/**
 * The same screen as painted, served as plain HTML with its stylesheets and no script: what this
 * machine's Chromium takes to show the screen's content when no JavaScript runs at all (the floor
 * under the figures above, which the app can approach but not go below). Measured the same way.
 */
async function scriptFreeCopy(browser, base, cookie, path, watch) {
  const context = await newContext(browser, base, cookie, watch);
  let server;
  try {
    const page = await context.newPage();
    const painted = await timedNavigation(page, `${base}${path}`);
    if (painted.paintMs === null) return { paintedMs: [], domMs: [], error: "screen not painted" };
    const html = `<!doctype html>${(await inPage(page, () => document.documentElement.outerHTML))
      .replace(/<script\b[\s\S]*?<\/script>/g, "")
      .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/g, "")}`;
    const assets = new Map();
    server = createServer(async (req, res) => {
      if (req.url?.startsWith("/assets/")) {
        if (!assets.has(req.url)) {
          const answer = await fetch(`${base}${req.url}`);
          assets.set(req.url, {
            type: answer.headers.get("content-type") ?? "text/css",
            body: Buffer.from(await answer.arrayBuffer()),
          });
        }
        const asset = assets.get(req.url);
        res.writeHead(200, {
          "content-type": asset.type,
          "cache-control": "public, max-age=31536000, immutable",
        });
        res.end(asset.body);
        return;
      }
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(html);
    });
    await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
    const copyUrl = `http://127.0.0.1:${server.address().port}/`;
    await timedNavigation(page, copyUrl); // not counted: the stylesheet gets cached
    const navigations = [];
    for (let i = 0; i < NAVIGATIONS; i++) navigations.push(await timedNavigation(page, copyUrl));
    return {
      paintedMs: navigations.map((n) => n.paintMs),
      domMs: navigations.map((n) => n.domMs),
      htmlBytes: Buffer.byteLength(html),
    };
  } finally {
    server?.close();
    await bounded(context.close(), PAGE_CALL_MS, "closing the page").catch(() => {});
  }
}

/**
 * The browser figures on a running server, signed in with `cookie` ("name=value" from the login
 * call's Set-Cookie). Every figure that could not be taken is null, with the error beside it.
 */
export async function measureBrowser({ base, cookie, month }) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
  try {
    const result = {
      version: browser.version(),
      navigations: NAVIGATIONS,
      scrollLimitSeconds: SCROLL_SECONDS,
    };
    try {
      result.expenses = await expensesPage(browser, base, cookie);
    } catch (error) {
      result.expensesError = String(error?.message ?? error).split("\n")[0];
    }
    try {
      result.dashboard = await dashboard(browser, base, cookie, month);
    } catch (error) {
      result.dashboardError = String(error?.message ?? error).split("\n")[0];
    }
    for (const [key, path, watch] of [
      ["expensesFloor", EXPENSES_PATH, "row"],
      ["dashboardFloor", dashboardPath(month), "dashboard"],
    ]) {
      try {
        result[key] = await scriptFreeCopy(browser, base, cookie, path, watch);
      } catch (error) {
        result[key] = { paintedMs: [], domMs: [], error: String(error?.message ?? error) };
      }
    }
    return result;
  } finally {
    await bounded(browser.close(), PAGE_CALL_MS, "closing Chromium").catch(() => {});
  }
}
