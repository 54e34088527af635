/** address-from-key: the public test key warning (#28), the keys derived here with @scure/bip32. */
import { HDKey } from '@scure/bip32'
import { mnemonicToSeedSync } from '@scure/bip39'
import { describe, expect, it } from 'vitest'
import { withDefaults } from '../define'
import tool from './index'

const root = HDKey.fromMasterSeed(mnemonicToSeedSync('test test test test test test test test test test test junk'))
const keyOf = (i: number) => `0x${Buffer.from(root.derive(`m/44'/60'/0'/0/${i}`).privateKey!).toString('hex')}`
const never = new AbortController().signal

async function notesOf(raw: Record<string, string>) {
  const p = tool.parse(withDefaults(tool, raw))
  if (!p.ok) throw new Error(JSON.stringify(p.errors))
  return (await tool.run(p.value, { signal: never, progress: () => {} })).notes ?? []
}

describe('address-from-key: public test keys', () => {
  it('warns on a well-known key, more strongly off the devnet', async () => {
    for (const i of [0, 7, 19]) {
      const [n] = await notesOf({ privateKey: keyOf(i) })
      expect(n?.tone).toBe('warn')
      expect(n?.text).toContain(`public test key #${i}: known to everyone`)
      expect(n?.whenChainIsNot).toEqual({ chain: 'devnet', text: expect.stringMatching(/not the local devnet/) })
    }
  })

  it('says nothing for another key, or a public key alone', async () => {
    expect(await notesOf({ privateKey: `0x${'11'.repeat(32)}` })).toEqual([])
    const pub = `0x${Buffer.from(root.derive("m/44'/60'/0'/0/0").publicKey!).toString('hex')}`
    expect(await notesOf({ publicKey: pub })).toEqual([])
  })
})
