// Chromium for Playwright: the system browser, never a download.
import fs from "node:fs";
import { aptInstall, canAptInstall, log, SetupError, which } from "./util.mjs";

const executable = (file) => {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

export async function ensureChromium(procs, env) {
  if (env.CHROMIUM_PATH) {
    if (!executable(env.CHROMIUM_PATH)) throw new SetupError(`Chromium: CHROMIUM_PATH=${env.CHROMIUM_PATH} is not an executable file.`);
    log(`Chromium: using CHROMIUM_PATH=${env.CHROMIUM_PATH}`);
    return env.CHROMIUM_PATH;
  }
  const found = ["/usr/bin/chromium"].find(executable) || which("chromium");
  if (found) {
    log(`Chromium: using ${found}`);
    return found;
  }
  if (canAptInstall()) {
    log("Chromium: not installed; installing it (apt-get install -y chromium)");
    if ((await aptInstall(procs, ["chromium"])) && executable("/usr/bin/chromium")) {
      log("Chromium: using /usr/bin/chromium");
      return "/usr/bin/chromium";
    }
  }
  throw new SetupError(
    "Chromium: the browser tests need Chromium at /usr/bin/chromium (Debian/Ubuntu: apt-get install chromium), " +
      "or CHROMIUM_PATH set to a Chromium or Chrome executable. Playwright's own browser download is not used.",
  );
}
