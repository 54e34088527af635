/**
 * The local Sourcify of test/chain/sourcifyServer.ts served under the app's origin for the
 * verified-source specs: Playwright routes `<app>/verified-source-host/**` to it, so the page's
 * requests stay with the app and the devnet, as the fixtures require.
 */
import type { Page, Route } from '@playwright/test'
import { forward } from './fixtures'
import type { SourcifyServer } from '../test/chain/sourcifyServer'

/** The host the page is given: under the app's origin. */
export const sourcifyHost = (baseURL: string | undefined): string => `${baseURL}/verified-source-host`

/** Answers a request to `host` from the local server (the same path and query). */
export const toSourcify = (route: Route, host: string, server: SourcifyServer): Promise<void> => forward(route, { url: server.url + route.request().url().slice(host.length) })

/** Routes the app-origin host to the local server; its URL. */
export async function serveSourcify(page: Page, baseURL: string | undefined, server: SourcifyServer): Promise<string> {
  const host = sourcifyHost(baseURL)
  await page.route(`${host}/**`, (route) => toSourcify(route, host, server))
  return host
}
