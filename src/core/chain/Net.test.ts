/** Net: the one place the app's fetch and WebSocket come from. */
import { describe, expect, it, vi } from 'vitest'
import * as Net from './Net'

describe('Net', () => {
  it('hands out the environment’s fetch (bound) and WebSocket, and nothing where there is none', async () => {
    const fake = vi.fn(async () => ({ status: 200 }))
    vi.stubGlobal('fetch', fake)
    await Net.fetchFn()!('http://127.0.0.1:1/x')
    expect(fake).toHaveBeenCalledWith('http://127.0.0.1:1/x')
    vi.stubGlobal('fetch', undefined)
    expect(Net.fetchFn()).toBeUndefined()
    class Ws {}
    vi.stubGlobal('WebSocket', Ws)
    expect(Net.webSocketCtor()).toBe(Ws)
    vi.unstubAllGlobals()
  })
})
