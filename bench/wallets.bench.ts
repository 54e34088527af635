/**
 * Wallets: decrypt a standard geth keystore (scrypt N=2^18, r=8, p=1) and derive 1,000 HD
 * addresses on one core, against Node's native crypto, ethers v5 and ethers v6.
 */
import { createDecipheriv, scrypt as nodeScrypt } from 'node:crypto'
import { ethers } from 'ethers'
import * as ethers6 from 'ethers6'
import { Hash } from 'ox'
import * as Hd from '../src/core/keys/Hd'
import * as Keystore from '../src/core/keys/Keystore'
import * as Mnemonic from '../src/core/keys/Mnemonic'
import type { BenchSuite } from './harness'

const PASSWORD = 'bench password'
const KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'
const PHRASE = 'test test test test test test test test test test test junk'

let json = ''
let parsed: Keystore.Parsed
async function makeKeystore() {
  if (json) return
  json = (await Keystore.encrypt(KEY, PASSWORD, { params: Keystore.STANDARD })).json
  parsed = Keystore.parse(json)
}

/** Node's native path: OpenSSL scrypt, keccak MAC check, OpenSSL AES-128-CTR. */
async function nodeDecrypt(): Promise<string> {
  const kdf = parsed.kdf as Extract<Keystore.Kdf, { name: 'scrypt' }>
  const dk = await new Promise<Buffer>((res, rej) =>
    nodeScrypt(PASSWORD, kdf.salt, 32, { N: kdf.n, r: kdf.r, p: kdf.p, maxmem: 512 * 1024 * 1024 }, (e, k) => (e ? rej(e) : res(k))),
  )
  const mac = Hash.keccak256(new Uint8Array([...dk.subarray(16, 32), ...parsed.ciphertext]))
  if (Buffer.compare(Buffer.from(mac), Buffer.from(parsed.mac)) !== 0) throw new Error('mac')
  const d = createDecipheriv('aes-128-ctr', dk.subarray(0, 16), parsed.iv)
  return Buffer.concat([d.update(parsed.ciphertext), d.final()]).toString('hex')
}

const root = Hd.fromSeed(Mnemonic.toSeed(PHRASE))
const template = Hd.template('metamask')
const e5root = ethers.utils.HDNode.fromMnemonic(PHRASE)
const e6root = ethers6.HDNodeWallet.fromSeed(ethers6.Mnemonic.fromPhrase(PHRASE).computeSeed())

export default {
  name: 'Wallets, keystores and HD',
  cases: [
    {
      name: 'decrypt a standard scrypt keystore (N=2^18, r=8, p=1)',
      setup: makeKeystore,
      rounds: 3,
      minMs: 0,
      ours: () => Keystore.decrypt(json, PASSWORD),
      baselines: {
        'node native': nodeDecrypt,
        'ethers v5': () => ethers.Wallet.fromEncryptedJson(json, PASSWORD),
        'ethers v6': () => ethers6.decryptKeystoreJson(json, PASSWORD),
      },
      target: { against: 'node native', maxRatio: 1.0 },
    },
    {
      // Every implementation does the same work, all inside the timing: from the root (made
      // from the seed beforehand on every side), the parent m/44'/60'/0'/0 once, then one
      // child per index and its address (what Hd.range, which the hd-derive tool calls, does). Ours uses ox's
      // WebAssembly secp256k1 engine, as the hd-derive and find-address workers do
      // (Hd.useWasm). '(full path)' rows: ethers deriving each whole path from the root,
      // as Wallet.fromMnemonic(phrase, path) does, for reference.
      name: "derive 1,000 addresses m/44'/60'/0'/0/i from the root (parent once, then each child), one core",
      setup: async () => {
        await Hd.useWasm()
      },
      rounds: 3,
      minMs: 0,
      ours: () => Hd.range(root, template, 0, 1000),
      baselines: {
        'ethers v5': () => {
          const out: string[] = []
          const e5parent = e5root.derivePath("m/44'/60'/0'/0")
          for (let i = 0; i < 1000; i++) out.push(e5parent.derivePath(String(i)).address)
          return out
        },
        'ethers v6': () => {
          const out: string[] = []
          const e6parent = e6root.derivePath("m/44'/60'/0'/0")
          for (let i = 0; i < 1000; i++) out.push(e6parent.deriveChild(i).address)
          return out
        },
        'ethers v5 (full path)': () => {
          const out: string[] = []
          for (let i = 0; i < 1000; i++) out.push(e5root.derivePath(`m/44'/60'/0'/0/${i}`).address)
          return out
        },
        'ethers v6 (full path)': () => {
          const out: string[] = []
          for (let i = 0; i < 1000; i++) out.push(e6root.derivePath(`m/44'/60'/0'/0/${i}`).address)
          return out
        },
      },
      target: { against: 'ethers v5', maxRatio: 0.5 },
    },
  ],
} satisfies BenchSuite
