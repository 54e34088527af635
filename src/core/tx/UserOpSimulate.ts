/**
 * A user operation run on the node through its entry point, without sending anything:
 * `handleOps([op], beneficiary)` as `eth_simulateV1` where the node offers it (then the
 * entry point's `UserOperationEvent` says whether the account's call succeeded and what it
 * cost, and `UserOperationRevertReason` why it failed), else as `eth_call` (which says only
 * whether validation passed: `FailedOp(0, "AA24 signature error")` and the like).
 *
 * An op carrying an EIP-7702 authorization for a sender not yet delegated is run with the
 * sender's code overridden to the delegation (0xef0100 ‖ delegate), as the bundler's type-4
 * transaction would set it.
 *
 * @example
 * ```ts
 * const r = await UserOpSimulate.run(rpc, op, { version: '0.7', entryPoint, beneficiary })
 * r.status // 'executed' | 'call-reverted' | 'failed-op' | 'reverted' | 'passed'
 * ```
 */
import { AbiError, AbiEvent, Address, Hex } from 'ox'
import * as ChainCall from '../chain/ChainCall'
import * as Rpc from '../chain/Rpc'
import * as UserOperation from './UserOperation'

export interface Options {
  version: UserOperation.Version
  entryPoint: Address.Address
  /** Who receives the fees and sends the call (an EOA: some entry points require tx.origin). */
  beneficiary: Address.Address
}

export interface Result {
  method: 'eth_simulateV1' | 'eth_call'
  /**
   * executed: validated and the account's call succeeded; call-reverted: validated, the call
   * reverted (the op is still included and paid for); failed-op: the entry point refused it
   * (FailedOp: AAxx codes); reverted: another revert; passed: eth_call did not revert (the
   * call's own success is unknown there).
   */
  status: 'executed' | 'call-reverted' | 'failed-op' | 'reverted' | 'passed'
  /** One sentence for a person. */
  text: string
  gasUsed?: bigint
  actualGasCost?: bigint
  actualGasUsed?: bigint
  /** The account call's revert reason, or the entry point's, decoded. */
  reason?: string
  /** Whether the sender's code was overridden with its EIP-7702 delegation. */
  delegated?: Address.Address
}

const EVENT = AbiEvent.from('event UserOperationEvent(bytes32 indexed userOpHash, address indexed sender, address indexed paymaster, uint256 nonce, bool success, uint256 actualGasCost, uint256 actualGasUsed)')
const REVERT = AbiEvent.from('event UserOperationRevertReason(bytes32 indexed userOpHash, address indexed sender, uint256 nonce, bytes revertReason)')
const FAILED = [AbiError.from('error FailedOp(uint256 opIndex, string reason)'), AbiError.from('error FailedOpWithRevert(uint256 opIndex, string reason, bytes inner)')]
const ERRORS = [...FAILED, AbiError.from('error SignatureValidationFailed(address aggregator)')]

/** Runs the op through the entry point's handleOps on the node (latest state). */
export async function run(rpc: Rpc.Eip1193Like | undefined, op: UserOperation.UserOp, o: Options): Promise<Result> {
  const data = UserOperation.handleOpsData([op], o.beneficiary, o.version)
  const call = { from: o.beneficiary, to: o.entryPoint, data }
  const overrides: Record<string, { code: Hex.Hex }> = {}
  let delegated: Address.Address | undefined
  if (op.eip7702Auth) {
    const code = Rpc.data(await Rpc.request(rpc, 'eth_getCode', [op.sender, 'latest']), 'the sender\'s code')
    if (UserOperation.delegateOfCode(code)?.toLowerCase() !== op.eip7702Auth.address.toLowerCase()) {
      delegated = op.eip7702Auth.address
      overrides[op.sender] = { code: Hex.concat('0xef0100', delegated) }
    }
  }
  const extra = delegated ? { delegated } : {}
  try {
    const r = Rpc.array(await Rpc.request(rpc, 'eth_simulateV1', [{ blockStateCalls: [{ calls: [call], ...(delegated ? { stateOverrides: overrides } : {}) }] }, 'latest']), 'the simulated blocks')
    const c = Rpc.object(Rpc.array(Rpc.object(r[0], 'the simulated block').calls, 'the simulated calls')[0], 'the simulated call')
    const gasUsed = c.gasUsed === undefined ? undefined : Rpc.quantity(c.gasUsed, 'gasUsed')
    if (Rpc.quantity(c.status, 'the simulated status', 1n) !== 1n) return { method: 'eth_simulateV1', ...reverted(Rpc.data(c.returnData ?? '0x', 'the simulated return data')), ...extra }
    return { method: 'eth_simulateV1', ...fromLogs(Rpc.array(c.logs ?? [], 'the simulated logs'), o.entryPoint), ...(gasUsed !== undefined ? { gasUsed } : {}), ...extra }
  } catch (e) {
    if (!(e instanceof Rpc.NodeError || e instanceof Rpc.InvalidResponseError || e instanceof Rpc.HttpError)) throw e
  }
  try {
    await Rpc.request(rpc, 'eth_call', [call, 'latest', ...(delegated ? [overrides] : [])])
    return { method: 'eth_call', status: 'passed', text: 'handleOps did not revert: the entry point validated the op (this node has no eth_simulateV1, so whether the account\'s call itself succeeded is not known).', ...extra }
  } catch (e) {
    const d = ChainCall.revertDataOf(e)
    if (d === null) throw e
    return { method: 'eth_call', ...reverted(d), ...extra }
  }
}

/** What a handleOps revert says: FailedOp's AAxx reason, or the raw revert decoded. */
export function reverted(data: Hex.Hex): Pick<Result, 'status' | 'text' | 'reason'> {
  for (const err of ERRORS) {
    if (Hex.size(data) < 4 || Hex.slice(data, 0, 4).toLowerCase() !== AbiError.getSelector(err)) continue
    try {
      const args = AbiError.decode(err, data) as unknown as readonly unknown[]
      if (err.name === 'SignatureValidationFailed') return { status: 'failed-op', text: `The aggregator ${String(args)} rejected the signature.`, reason: 'SignatureValidationFailed' }
      const reason = String(args[1])
      const inner = err.name === 'FailedOpWithRevert' ? ` (${ChainCall.decodeRevert(args[2] as string).text})` : ''
      return { status: 'failed-op', text: `The entry point refused the op: ${reason}${inner}.`, reason: `${reason}${inner}` }
    } catch {
      /* not this error after all */
    }
  }
  const r = ChainCall.decodeRevert(data)
  return { status: 'reverted', text: `handleOps reverted: ${r.text}.`, reason: r.text }
}

/** Reads the entry point's UserOperationEvent (and UserOperationRevertReason) from the logs. */
export function fromLogs(logs: readonly unknown[], entryPoint: Address.Address): Pick<Result, 'status' | 'text' | 'reason' | 'actualGasCost' | 'actualGasUsed'> {
  let reason: string | undefined
  let event: { success: boolean; actualGasCost: bigint; actualGasUsed: bigint } | undefined
  for (const raw of logs) {
    const l = Rpc.object(raw, 'a log')
    if (typeof l.address !== 'string' || l.address.toLowerCase() !== entryPoint.toLowerCase()) continue
    const topics = Rpc.array(l.topics, 'the topics') as Hex.Hex[]
    const log = { topics: topics as [Hex.Hex, ...Hex.Hex[]], data: Rpc.data(l.data ?? '0x', 'the log data') }
    if (topics[0] === AbiEvent.getSelector(EVENT)) event = AbiEvent.decode(EVENT, log) as unknown as typeof event
    else if (topics[0] === AbiEvent.getSelector(REVERT)) reason = ChainCall.decodeRevert((AbiEvent.decode(REVERT, log) as { revertReason: string }).revertReason).text
  }
  if (!event) return { status: 'reverted', text: 'handleOps ran but the entry point logged no UserOperationEvent: is this the right entry point?' }
  const gas = { actualGasCost: event.actualGasCost, actualGasUsed: event.actualGasUsed }
  if (event.success) return { status: 'executed', text: 'The op validated and the account\'s call succeeded.', ...gas }
  return { status: 'call-reverted', text: `The op validated, but the account's call reverted${reason ? `: ${reason}` : ''}. It would still be included and paid for.`, ...(reason ? { reason } : {}), ...gas }
}
