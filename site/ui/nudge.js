// An empty worker that closes itself: ui/updates.js starts it while a new version is asked to
// take over, because the browser takes loading a worker's script as a page of the site loading
// (Chromium then asks the old version to stop as soon as it is idle; see Updates.nudge).
self.close();
