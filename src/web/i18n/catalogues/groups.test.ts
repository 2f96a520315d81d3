import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { languages } from "../../../contract/languages";
import { frameFeatures } from "../frame-features";
import frameEn from "./frame-en";
import frameEs from "./frame-es";
import framePt from "./frame-pt";
import screensEn from "./screens-en";
import screensEs from "./screens-es";
import screensPt from "./screens-pt";

// The features' texts come in two groups per language (i18n/init.ts): the frame's features, as
// frame-features.ts names them, and every other feature's but the sign-in screens'. Each group
// lists its files by a glob written out in its module; a feature added, or moved into the frame,
// must land in exactly one group, or its screen would show keys.
const featuresWithTexts = readdirSync("src/web/features", { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .filter((feature) => {
    try {
      return readdirSync(`src/web/features/${feature}/locales`).length > 0;
    } catch {
      return false;
    }
  });

const folderOf = (path: string) => /features\/([^/]+)\/locales\//.exec(path)?.[1];
const groups = {
  en: { frame: frameEn, screens: screensEn },
  pt: { frame: framePt, screens: screensPt },
  es: { frame: frameEs, screens: screensEs },
};

describe("the features' text groups", () => {
  it.each(languages)(
    "in %s: the frame's features in one, every other but auth's in the other",
    (language) => {
      const { frame, screens } = groups[language];
      expect(Object.keys(frame).map(folderOf).sort()).toEqual([...frameFeatures].sort());
      expect(Object.keys(screens).map(folderOf).sort()).toEqual(
        featuresWithTexts
          .filter(
            (feature) =>
              feature !== "auth" && !(frameFeatures as readonly string[]).includes(feature),
          )
          .sort(),
      );
      for (const path of [...Object.keys(frame), ...Object.keys(screens)]) {
        expect(path).toMatch(
          new RegExp(`^\\.\\./\\.\\./features/[^/]+/locales/${language}\\.json$`),
        );
      }
    },
  );
});
