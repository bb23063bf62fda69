/** Builds the web app (`src/web/app`) into `dist/web`, which the server serves at `/`. */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const root = path.dirname(fileURLToPath(import.meta.url));
const app = path.join(root, "src", "web", "app");

export default defineConfig({
  root: app,
  base: "/",
  publicDir: false,
  logLevel: "warn",
  // `npx vite` for work on the pages: the /site routes go to a server started beside it (npm start).
  server: { proxy: { "/site": "http://127.0.0.1:8080" } },
  build: {
    outDir: path.join(root, "dist", "web"),
    emptyOutDir: true,
    target: "es2022",
    // Inline nothing: the pages' Content-Security-Policy allows scripts and styles from the origin only.
    assetsInlineLimit: 0,
    rolldownOptions: {
      input: {
        index: path.join(app, "index.html"),
        feed: path.join(app, "feed.html"),
        status: path.join(app, "status.html"),
      },
    },
  },
});
