/**
 * The site's own account and key: the web app calls the API with them, so the page never holds a key.
 * The account (named `site`, on the `demo` plan) is made on the first start; its key is kept in the data
 * folder (`site-key`, readable by the server's user only) and made again if an operator disables it.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DEMO_PLAN } from "../access/demo.js";
import type { AccessStore } from "../access/store/interface.js";
import { keyStatus } from "../access/store/interface.js";
import { DEFAULT_PLANS } from "../access/store/plans.js";
import { hashSecret, looksLikeSecret } from "../access/store/secret.js";

export const SITE_ACCOUNT_NAME = "site";
export const SITE_KEY_NAME = "site";
export const SITE_KEY_FILE = "site-key";

function readKept(file: string): string | undefined {
  try {
    const secret = readFileSync(file, "utf8").trim();
    return looksLikeSecret(secret) ? secret : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

async function usable(store: AccessStore, secret: string, nowMs: number): Promise<boolean> {
  const grant = await store.findKeyByHash(hashSecret(secret));
  if (grant === undefined) return false;
  const status = keyStatus(grant.key, nowMs);
  return status === "active" || status === "rotating";
}

/** The first site account, in the store's order (oldest first): the same one for every node. */
async function firstSiteAccount(store: AccessStore): Promise<string | undefined> {
  return (await store.listAccounts()).find((account) => account.name === SITE_ACCOUNT_NAME)?.id;
}

/**
 * The site account's id, the account made when there is none. Nodes starting together on a fresh shared
 * store may each make one: each then takes the first, so all keys of the site are of one account (one
 * quota), and any other made in that moment is left with no key.
 */
async function siteAccountId(store: AccessStore): Promise<string> {
  const existing = await firstSiteAccount(store);
  if (existing) return existing;
  if (!(await store.findPlan(DEMO_PLAN))) {
    const seeded = DEFAULT_PLANS.find((plan) => plan.name === DEMO_PLAN);
    if (seeded) await store.setPlan(DEMO_PLAN, seeded);
  }
  const made = (await store.createAccount({ plan: DEMO_PLAN, name: SITE_ACCOUNT_NAME })).id;
  return (await firstSiteAccount(store)) ?? made;
}

/**
 * The secret the site calls the API with: the kept one while the store accepts it, otherwise a new key of
 * the site account (created with the account when missing), written to `<dataDir>/site-key` before it is
 * returned. Run by the primary of `serve --workers N` before the workers start, so they find it kept.
 */
export async function ensureSiteKey(
  store: AccessStore,
  dataDir: string,
  nowMs = Date.now(),
): Promise<string> {
  const file = path.join(dataDir, SITE_KEY_FILE);
  const kept = readKept(file);
  if (kept !== undefined && (await usable(store, kept, nowMs))) return kept;
  const accountId = await siteAccountId(store);
  const created = await store.createKey({ accountId, name: SITE_KEY_NAME });
  mkdirSync(dataDir, { recursive: true });
  const draft = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(draft, `${created.secret}\n`, { mode: 0o600 });
    renameSync(draft, file);
  } finally {
    rmSync(draft, { force: true });
  }
  return created.secret;
}
