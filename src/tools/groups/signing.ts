import type { ToolEntry } from '../types'
import { entry } from './entry'
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

/** The signing tools, in catalogue order. Each entry: the tool's meta and lazy imports of the tool and its examples (`entry`). */
export const tools: ToolEntry[] = [
  signMessageMeta, signTypedDataMeta, verifySignatureMeta, signatureInspectMeta, siweMeta, authorizationMeta,
  txBuildMeta, txDecodeMeta, rlpMeta, safeTxMeta, safeMessageMeta, userOperationMeta, qrRequestMeta, qrSignMeta,
  qrAccountMeta,
].map(entry)
