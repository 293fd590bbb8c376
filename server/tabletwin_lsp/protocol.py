"""pygls's language server protocol with three of its behaviours corrected.

- **Commands can be cancelled.** pygls runs ``workspace/executeCommand`` as a generator that
  starts the command's coroutine as a separate task; ``$/cancelRequest`` cancels only the
  generator's future, and the command (and the game process it waits on) went on for ever.
  Here the command runs in the request's own task, so cancelling the request cancels it.
- **``shutdown`` with requests still running.** pygls cancelled them while iterating over its
  table of pending requests; cancelling a thread's future removes its entry at once, and the
  shutdown failed with ``RuntimeError: dictionary changed size during iteration``. Here the
  requests get :data:`SHUTDOWN_GRACE_SECONDS` to finish first, then the others are cancelled
  (and answered as such) before ``shutdown`` is answered.
- **Finished inner tasks are forgotten.** pygls keeps the task of every asynchronous
  notification handler (and of every handler a generator starts) in that table for ever: a
  slow leak over a long session.

Documents that are not open are read from disk through :class:`.workspace.ServerDocument`
(regular files only, with a size limit), not with pygls's unchecked read.
"""

from __future__ import annotations

import asyncio
import inspect
from typing import Any

from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidParams
from pygls.feature_manager import is_thread_function
from pygls.protocol.language_server import LanguageServerProtocol, _prepare_command_arguments, lsp_method
from pygls.workspace import Workspace

from . import inflight
from .workspace import SafeWorkspace


SHUTDOWN_GRACE_SECONDS = 1.0
"""How long ``shutdown`` lets the requests still running finish before it cancels them (and
how long ``exit`` waits for their answers)."""


class Protocol(LanguageServerProtocol):
    @property
    def _workspace(self) -> Workspace | None:
        return self.__dict__.get("_safe_workspace")

    @_workspace.setter
    def _workspace(self, workspace: Workspace | None) -> None:
        # pygls builds a plain Workspace in its initialize handler; ours differs only in how it
        # reads documents that are not open (SafeWorkspace adds no state of its own).
        if workspace is not None and type(workspace) is Workspace:
            workspace.__class__ = SafeWorkspace
        self.__dict__["_safe_workspace"] = workspace

    def _execute_handler(self, msg_id, handler, callback, args=None, kwargs=None):
        super()._execute_handler(msg_id, handler, callback, args, kwargs)
        future = self._request_futures.get(msg_id)
        if future is not None:
            future.add_done_callback(lambda done: self._forget(msg_id, done))

    def _send_response(self, msg_id, result=None, error=None):
        try:
            super()._send_response(msg_id, result, error)
        finally:
            inflight.answered(msg_id)  # (an analysis waiting for it may start: features/diagnostics.py)

    def _forget(self, msg_id, future) -> None:
        if self._request_futures.get(msg_id) is future:
            self._request_futures.pop(msg_id, None)

    @lsp_method(types.SHUTDOWN)
    async def lsp_shutdown(self, *args):
        self._shutdown = True  # from now on requests get "invalid request" (see .transport)
        current_id = self.msg_id
        await self.settle(SHUTDOWN_GRACE_SECONDS, current_id)
        if (user_handler := self.fm.features.get(types.SHUTDOWN)) is not None:
            user_handler(*args)
        # A copy: cancelling a thread's future runs its callbacks at once, which remove its entry.
        for msg_id, future in list(self._request_futures.items()):
            if msg_id != current_id and not future.done():
                future.cancel()
        return None

    async def settle(self, seconds: float, current_id=None) -> None:
        """Until the client's pending requests (other than ``current_id``) have answered, at most ``seconds``."""
        loop = asyncio.get_running_loop()
        end = loop.time() + seconds
        while loop.time() < end and any(msg_id != current_id and msg_id not in self._result_types
                                        for msg_id in list(self._request_futures)):
            await asyncio.sleep(0.01)

    @lsp_method(types.WORKSPACE_EXECUTE_COMMAND)
    async def lsp_workspace__execute_command(self, params: types.ExecuteCommandParams) -> Any:
        handler = self.fm.commands.get(params.command)
        if handler is None:
            raise JsonRpcInvalidParams(f"command {params.command!r} is not defined")
        try:
            args, kwargs = _prepare_command_arguments(handler, params, self._converter)
        except Exception as exc:  # noqa: BLE001 - pygls's own message on wrong arguments
            raise JsonRpcInvalidParams(f"{params.command}: {exc}") from None
        if is_thread_function(handler):
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self._server.thread_pool, lambda: handler(*args, **kwargs))
        result = handler(*args, **kwargs)
        if inspect.isawaitable(result):
            result = await result
        return result
