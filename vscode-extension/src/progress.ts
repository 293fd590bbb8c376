// Work-done progress that the server starts (test games, simulations) shown as a notification
// with a percentage and a Cancel button. The language client would show it in the status bar
// only; a run of games is something a user waits for, so it gets a notification.

import * as vscode from "vscode";
import {
  LanguageClient,
  WorkDoneProgress,
  WorkDoneProgressCancelNotification,
  WorkDoneProgressCreateRequest,
} from "vscode-languageclient/node";

/** Replaces the client's handler of `window/workDoneProgress/create` (call after each start). */
export function progressAsNotifications(client: LanguageClient): vscode.Disposable {
  return client.onRequest(WorkDoneProgressCreateRequest.type, ({ token }) => {
    let finish = () => {};
    const finished = new Promise<void>((resolve) => (finish = resolve));
    void vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: "Tabletwin", cancellable: true },
      (progress, cancel) => {
        let title = "";
        let percentage = 0;
        const listener = client.onProgress(WorkDoneProgress.type, token, (value) => {
          if (value.kind === "end") return finish();
          if (value.kind === "begin") title = value.title;
          const increment = value.percentage !== undefined ? Math.max(0, value.percentage - percentage) : undefined;
          percentage = value.percentage ?? percentage;
          const message = [title, value.message].filter(Boolean).join(": ");
          progress.report({ message, increment });
        });
        cancel.onCancellationRequested(() => {
          void client.sendNotification(WorkDoneProgressCancelNotification.type, { token });
        });
        // A server that dies mid-run never sends `end`.
        const stopped = client.onDidChangeState(() => {
          if (!client.isRunning()) finish();
        });
        return finished.then(() => {
          listener.dispose();
          stopped.dispose();
        });
      },
    );
  });
}
