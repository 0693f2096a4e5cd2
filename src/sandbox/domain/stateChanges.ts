import { Changes, MoneyChange, runUndo } from './changes';
import type { SandboxChange } from '../types';

// What the state tells the others about its changes: its listener (the views, the watch stream)
// and the changes the state file's writer takes, with how to undo money that could not be saved.

/** The change tracking a SandboxState is built on. */
export class StateChanges {
  /** Called after every change, so the store can schedule a write and watchers can look again. */
  onChange: (change: SandboxChange) => void = () => undefined;
  /** What changed since the store last took the changes; a fresh or loaded state needs a checkpoint. */
  private pending = new Changes(true);
  /** Set by the state file's writer: changes are saved (after-save steps wait for it). */
  persisted = false;
  /** Why the world could not be saved, until a save succeeds: money does not move meanwhile. */
  saveFailure: Error | undefined;

  /** A change only a checkpoint of the whole state saves; `mobile` names the wallet it touched. */
  changed(mobile?: string): void {
    this.pending.checkpoint = true;
    this.onChange({ wallets: mobile === undefined ? [] : [mobile], transfers: [], events: [] });
  }

  /**
   * A money change: the append log can save it with one short line. `undo` takes it back if it
   * cannot be saved (undoUnsaved), so memory never holds money the file does not.
   */
  changedMoney(change: MoneyChange, undo?: () => void): void {
    // Without a state file nothing takes them (a writer that adopts this state writes a checkpoint first).
    if (this.persisted) {
      if (undo) this.pending.undo.push(undo);
      for (const wallet of change.wallets ?? []) this.pending.wallets.add(wallet);
      for (const [wallet, record] of change.transactions ?? []) this.pending.transactions.set(record, wallet);
      for (const transfer of change.transfers ?? []) this.pending.transfers.add(transfer);
      for (const event of change.events ?? []) this.pending.events.add(event);
    }
    this.onChange({
      wallets: [...new Set([...(change.wallets ?? []), ...(change.transactions ?? []).map(([wallet]) => wallet)])].map(
        (wallet) => wallet.record.mobile,
      ),
      transfers: (change.transfers ?? []).map(({ reference, mobile, status }) => ({ reference, mobile, status })),
      events: (change.events ?? []).map(({ id, state }) => ({ id, state })),
    });
  }

  /** The next write must be a checkpoint (a write failed), without asking for one now. */
  checkpointNeeded(): void {
    this.pending.checkpoint = true;
  }

  /** Runs `step` once the changes made so far are saved (at once without a state file); never if they are undone. */
  afterSaved(step: () => void): void {
    if (this.persisted) this.pending.afterSave.push(step);
    else step();
  }

  /**
   * A save of `taken` failed: undoes its money changes and those made since (they may build on
   * them), newest first, so balances are the file's again. Other changes stay for the next save.
   */
  undoUnsaved(taken: Changes, log: (error: unknown) => void): void {
    const undo = [...taken.undo, ...this.pending.undo];
    this.pending.undo.length = 0;
    this.pending.afterSave.length = 0;
    this.pending.checkpoint = true;
    runUndo(undo, log);
  }

  /** Hands the changes so far to the store, which writes them. */
  takeChanges(): Changes {
    const taken = this.pending;
    this.pending = new Changes();
    return taken;
  }
}
