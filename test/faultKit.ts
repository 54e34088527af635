/**
 * The fault server (test/fault-server.ts) for a whole test file: started before its tests, reset
 * before each, closed after them (src/core/chain/Rpc.test.ts, src/ui/connection/store.test.ts,
 * devnet.test.ts). The binding is live.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { startFaultServer, type FaultServer } from './fault-server'

export let srv: FaultServer

/** Registers the file's hooks; `beforeEachTest` runs after the reset, before each test. */
export function withFaultServer(beforeEachTest: () => void = () => {}): void {
  beforeAll(async () => {
    srv = await startFaultServer()
  })
  afterAll(async () => {
    await srv.close()
  })
  beforeEach(() => {
    srv.reset()
    beforeEachTest()
  })
}
