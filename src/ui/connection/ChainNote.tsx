/**
 * A note said only when the connected chain is known and is not the one expected ('devnet':
 * the local devnet's chain id), e.g. a public test key off the devnet, typed data signed for
 * another chain (#28). `otherwise` is shown in its place when the chain is the expected one or
 * not known (a note the error would only repeat).
 */
import type { ReactNode } from 'react'
import { useConnection } from './store'

const DEFAULT_DEVNET_CHAIN = 31337

export default function ChainNote({ chain, text, otherwise = null }: { chain: 'devnet' | number; text: string; otherwise?: ReactNode }) {
  const c = useConnection()
  if (c.status !== 'connected' || !c.info) return otherwise
  const expected = chain === 'devnet' ? (c.devnetChainId ?? DEFAULT_DEVNET_CHAIN) : chain
  if (c.info.chainId === expected) return otherwise
  return (
    <p className="notice notice-error" role="alert">
      {text} (Connected: {c.info.chainName}, chain id {c.info.chainId}.)
    </p>
  )
}
