import type * as vscode from 'vscode';
import type { VerifyPrefill } from '../banks/verifyPrefill';
import type { DetailPanel } from './panel';
import type { PanelStatus, PanelUnderTest } from './panelRecorder';
import type { HostMessage } from './protocol';

/** What the commands ask of the panel. */
export type DetailPanelApi = Pick<DetailPanel, 'showTransaction' | 'showVerify' | 'showEvent' | 'showRequest' | 'currentReference'>;

const CLOSED: PanelStatus = { open: false, visible: false, active: false, title: undefined, state: undefined };

/**
 * The panel as the extension holds it from start-up: the panel itself (its pages and their HTML)
 * is a bundle of its own, dist/panel.js, created the first time a page opens or VS Code restores
 * the panel after a reload. Until then there is no panel to update, so updates are dropped.
 */
export class LazyDetailPanel implements DetailPanelApi, PanelUnderTest, vscode.Disposable {
  private panel: DetailPanel | undefined;
  private loading: Promise<DetailPanel> | undefined;
  private disposed = false;

  constructor(private readonly create: () => Promise<DetailPanel>) {}

  async showTransaction(reference: string): Promise<void> {
    return (await this.load()).showTransaction(reference);
  }

  async showVerify(prefill?: VerifyPrefill): Promise<void> {
    return (await this.load()).showVerify(prefill);
  }

  async showEvent(id: string): Promise<void> {
    return (await this.load()).showEvent(id);
  }

  async showRequest(id: number): Promise<void> {
    return (await this.load()).showRequest(id);
  }

  async restore(restored: vscode.WebviewPanel, state: unknown): Promise<void> {
    return (await this.load()).restore(restored, state);
  }

  async receive(message: unknown): Promise<void> {
    return (await this.load()).receive(message);
  }

  currentReference(): string | undefined {
    return this.panel?.currentReference();
  }

  eventsChanged(): void {
    this.panel?.eventsChanged();
  }

  environmentMaybeChanged(): void {
    this.panel?.environmentMaybeChanged();
  }

  async whenIdle(): Promise<void> {
    await this.loading?.catch(() => undefined);
    await this.panel?.whenIdle();
  }

  postToPage(message: HostMessage): void {
    this.panel?.postToPage(message);
  }

  status(): PanelStatus {
    return this.panel?.status() ?? CLOSED;
  }

  dispose(): void {
    this.disposed = true;
    this.panel?.dispose();
  }

  private load(): Promise<DetailPanel> {
    this.loading ??= this.create().then(
      (panel) => {
        if (this.disposed) panel.dispose();
        return (this.panel = panel);
      },
      (error: unknown) => {
        this.loading = undefined;
        throw error;
      },
    );
    return this.loading;
  }
}
