-- A family's row (its data_version, moved by every write of its expenses, incomes and settlements:
-- migration 0004's and 0027's triggers) and its counters (family_counts, migration 0029) are
-- updated by every write, and each writer holds them until its commit. With pages filled to the
-- default 100%, a new version of the row soon found no room on its own page: it went to another
-- page with a new index entry, and every lookup of the family (each foreign-key check of a write,
-- the session's read of the caller's family, the next writer's update) walked the dead versions
-- until a vacuum came. Ten writers to one family for five seconds left 69 pages for its one row,
-- each lookup 1.5 ms, and POST /api/expenses at 0.04 of /api/health
-- (docs/benchmarks.md#writes-to-one-family). With room left on every page, each new version stays
-- on its page (a HOT update, no index entry) and the page's dead versions are pruned in place.
-- New pages take the setting; an existing table's rows move to them as they are updated.
ALTER TABLE "families" SET (fillfactor = 10);--> statement-breakpoint
ALTER TABLE "family_counts" SET (fillfactor = 10);
