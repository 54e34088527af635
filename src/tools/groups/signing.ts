import type { ToolEntry } from '../types'
import signMessageMeta from '../sign-message/meta'
import signTypedDataMeta from '../sign-typed-data/meta'
import verifySignatureMeta from '../verify-signature/meta'
import signatureInspectMeta from '../signature-inspect/meta'
import siweMeta from '../siwe/meta'
import authorizationMeta from '../authorization/meta'
import txBuildMeta from '../tx-build/meta'
import txDecodeMeta from '../tx-decode/meta'
import rlpMeta from '../rlp/meta'
import safeTxMeta from '../safe-tx/meta'
import safeMessageMeta from '../safe-message/meta'
import userOperationMeta from '../user-operation/meta'
import qrRequestMeta from '../qr-request/meta'
import qrSignMeta from '../qr-sign/meta'
import qrAccountMeta from '../qr-account/meta'

/** The signing tools, in catalogue order. Each entry: the tool's meta and a lazy import of the tool. */
export const tools: ToolEntry[] = [
  { meta: signMessageMeta, load: () => import('../sign-message'), examples: () => import('../sign-message/examples') },
  { meta: signTypedDataMeta, load: () => import('../sign-typed-data'), examples: () => import('../sign-typed-data/examples') },
  { meta: verifySignatureMeta, load: () => import('../verify-signature'), examples: () => import('../verify-signature/examples') },
  { meta: signatureInspectMeta, load: () => import('../signature-inspect'), examples: () => import('../signature-inspect/examples') },
  { meta: siweMeta, load: () => import('../siwe'), examples: () => import('../siwe/examples') },
  { meta: authorizationMeta, load: () => import('../authorization'), examples: () => import('../authorization/examples') },
  { meta: txBuildMeta, load: () => import('../tx-build'), examples: () => import('../tx-build/examples') },
  { meta: txDecodeMeta, load: () => import('../tx-decode'), examples: () => import('../tx-decode/examples') },
  { meta: rlpMeta, load: () => import('../rlp'), examples: () => import('../rlp/examples') },
  { meta: safeTxMeta, load: () => import('../safe-tx'), examples: () => import('../safe-tx/examples') },
  { meta: safeMessageMeta, load: () => import('../safe-message'), examples: () => import('../safe-message/examples') },
  { meta: userOperationMeta, load: () => import('../user-operation'), examples: () => import('../user-operation/examples') },
  { meta: qrRequestMeta, load: () => import('../qr-request'), examples: () => import('../qr-request/examples') },
  { meta: qrSignMeta, load: () => import('../qr-sign'), examples: () => import('../qr-sign/examples') },
  { meta: qrAccountMeta, load: () => import('../qr-account'), examples: () => import('../qr-account/examples') },
]
