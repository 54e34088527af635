/**
 * Test plumbing for the ERC-4337 oracles: the published EntryPoint, SimpleAccount(Factory) and
 * Simple7702Account artifacts of @account-abstraction/contracts 0.6.0, 0.7.0 and 0.8.0
 * (test/fixtures/entrypoint, see its README), deployed on anvil. Used by
 * test/chain/userOperation.test.ts and e2e/user-operation.spec.ts.
 */
import { readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { AbiParameters, Hex } from 'ox'
import { deploy, type Artifact, type H, type RpcFn } from './safeKit'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..')

export const EP_VERSIONS = ['0.6', '0.7', '0.8'] as const
export type EpVersion = (typeof EP_VERSIONS)[number]

export function aaArtifact(version: EpVersion, name: 'EntryPoint' | 'SimpleAccount' | 'SimpleAccountFactory' | 'Simple7702Account'): Artifact {
  return JSON.parse(readFileSync(join(repoRoot, 'test', 'fixtures', 'entrypoint', `${version}.0`, `${name}.json`), 'utf8')) as Artifact
}

export interface AaDeployed {
  version: EpVersion
  entryPoint: H
  factory: H
}

/** The version's EntryPoint and a SimpleAccountFactory for it. */
export async function deployEntryPoint(rpc: RpcFn, from: H, version: EpVersion): Promise<AaDeployed> {
  const entryPoint = await deploy(rpc, from, aaArtifact(version, 'EntryPoint').bytecode)
  const init = Hex.concat(aaArtifact(version, 'SimpleAccountFactory').bytecode, AbiParameters.encode(AbiParameters.from('address'), [entryPoint])) as H
  const factory = await deploy(rpc, from, init)
  return { version, entryPoint, factory }
}
