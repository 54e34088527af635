/**
 * The start the witness specs share (e2e/witness.spec.ts, witness-channels.spec.ts): a browser of
 * their own with an online context (the app and the e2e anvil, downloads on) and an offline one
 * (the single offline HTML file opened from disk, offline from the start), both watched for
 * console errors, page errors and foreign requests; a scratch folder; a GlanceToken on the devnet
 * and the call data of a transfer of it; and a saved file checked against the SHA-256 the page shows.
 */
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test'
import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { utils } from 'ethers'
import * as Rpc from '../src/core/chain/Rpc'
import { compile, deploy } from '../test/chain/tokenKit'
import { expect, launchChromium, test, watchPage, type Devnet } from './fixtures'
import { ensureOfflineBuild, offlineFile } from './offlineBuild'

/** The recipient of the specs' token transfers (anvil's account 1). */
export const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** A random seed for the spec ($TEST_SEED replays one). */
export const seed = Number(process.env.TEST_SEED ?? Math.floor(Math.random() * 2 ** 32))

export interface SignerBrowsers {
  browser: Browser
  /** A scratch folder, removed after the file's tests. */
  dir: string
  /** Console errors, page errors and foreign requests of every page of both contexts. */
  errors: string[]
  /** A page of a new online context (baseURL, downloads accepted): only the app, the devnet, data: and blob: may be reached. */
  online(baseURL: string, devnet: Devnet): Promise<Page>
  /** A page of a new context offline from the start, on the offline file at `#/<route>`. */
  offline(route: string): Promise<Page>
  /** Closes the online and offline contexts. */
  close(): Promise<void>
}

/**
 * Registers the describe block's beforeAll (the offline file built when missing or stale, the
 * browser launched, the scratch folder `<prefix>…` made) and afterAll (both undone).
 */
export function useSignerBrowsers(prefix: string): SignerBrowsers {
  let online: BrowserContext | undefined
  let offline: BrowserContext | undefined
  const s: SignerBrowsers = {
    browser: undefined as never,
    dir: '',
    errors: [],
    async online(baseURL, devnet) {
      online = await s.browser.newContext({ baseURL, acceptDownloads: true })
      const hosts = [new URL(baseURL).origin, new URL(devnet.rpcUrl).origin]
      online.on('page', (p) => watchPage(p, s.errors, (u) => /^(data|blob):/.test(u) || hosts.includes(new URL(u).origin)))
      return online.newPage()
    },
    async offline(route) {
      offline = await s.browser.newContext()
      await offline.setOffline(true)
      offline.on('page', (p) => watchPage(p, s.errors, (u) => /^(file|data|blob):/.test(u) || u.startsWith('http://127.0.0.1:8545')))
      const page = await offline.newPage()
      await page.goto(`${pathToFileURL(offlineFile).href}#/${route}`)
      return page
    },
    async close() {
      await online?.close()
      await offline?.close()
    },
  }
  test.beforeAll(async () => {
    test.setTimeout(300_000) // building the offline file when it is missing takes minutes on a busy machine
    ensureOfflineBuild() // when it is missing or older than its sources
    s.browser = await launchChromium()
    s.dir = mkdtempSync(join(tmpdir(), prefix))
  })
  test.afterAll(async () => {
    await s.browser?.close()
    if (s.dir) rmSync(s.dir, { recursive: true, force: true })
  })
  return s
}

/** A GlanceToken (10^12 minted to the deployer) deployed on the devnet, and the call data of a transfer of `amount` to {@link TO}. */
export async function tokenTransfer(devnet: Devnet, amount: bigint): Promise<{ token: string; data: string }> {
  const token = await deploy(Rpc.http(devnet.rpcUrl), compile().GlanceToken!.bytecode + utils.defaultAbiCoder.encode(['uint256'], [10n ** 12n]).slice(2))
  return { token, data: new utils.Interface(['function transfer(address,uint256)']).encodeFunctionData('transfer', [TO, amount]) }
}

/** Clicks `link`, reads the file it downloads, and expects its SHA-256 (Node's) to be `sha` as the page shows it. */
export async function savedFile(page: Page, link: Locator, sha: string): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
  const file = readFileSync((await download.path())!)
  expect(`0x${createHash('sha256').update(file).digest('hex')}`).toBe(sha)
  return file
}
