-- Neovim as an LSP client of tabletwin-lsp, for tests/editors/test_neovim.py.
--
-- The plan (JSON, path in $TABLETWIN_NVIM_PLAN) names the configuration snippet to load, the
-- server command, the model to open, a timeout and the steps to take. Positions in the plan are
-- 0-based lines and code point columns; Neovim moves its cursor there and converts them itself,
-- as it would for a person. Everything seen is written as JSON to the plan's `results` path:
-- the diagnostics as published and as Neovim keeps them, each step's result, the log and
-- show messages of the server and Neovim's own notifications. A Lua error or a timeout is
-- written as `error` with the step it happened in, and Neovim then exits with status 2.
--
-- Steps (`kind`): `diagnostics` waits for those of the buffer's current version; `request` sends
-- a position request at `at` (a completion item labelled `apply` is then applied as Neovim
-- applies edits); `hover_keys` and `jump_keys` type mappings at `at` and read the hover window
-- or the cursor; `insert` adds a line of `text` before `line`; `open` edits another `file`.

local plan = vim.fn.json_decode(table.concat(vim.fn.readfile(os.getenv('TABLETWIN_NVIM_PLAN')), '\n'))
local results = { publications = {}, messages = {}, notifications = {}, steps = {} }
local client_id = nil
local bufnr = nil
local current_step = 'start'

local function record_calls(name, list)
  local original = vim.lsp.handlers[name]
  vim.lsp.handlers[name] = function(err, params, ctx, config)
    table.insert(list, vim.deepcopy(params))
    return original(err, params, ctx, config)
  end
end

record_calls('textDocument/publishDiagnostics', results.publications)
record_calls('window/logMessage', results.messages)
record_calls('window/showMessage', results.messages)

local notify = vim.notify
vim.notify = function(message, level, opts)
  table.insert(results.notifications, { message = tostring(message), level = level })
  return notify(message, level, opts)
end

-- The snippet starts the client; keep its id without changing its configuration.
local start_client = vim.lsp.start_client
vim.lsp.start_client = function(config)
  client_id = start_client(config)
  return client_id
end

local function wait_for(what, condition)
  local ok = vim.wait(plan.timeout_ms, condition, 20)
  if not ok then
    error(string.format('timed out after %d ms waiting for %s', plan.timeout_ms, what), 0)
  end
end

local function client()
  local found = client_id and vim.lsp.get_client_by_id(client_id)
  if not found then
    error('the tabletwin client is not running (did the server exit?)', 0)
  end
  return found
end

local function move_to(at)
  local line = vim.api.nvim_buf_get_lines(bufnr, at[1], at[1] + 1, true)[1]
  vim.api.nvim_win_set_cursor(0, { at[1] + 1, vim.str_byteindex(line, at[2]) })
end

local function cursor()
  local row, byte = unpack(vim.api.nvim_win_get_cursor(0))
  local line = vim.api.nvim_buf_get_lines(0, row - 1, row, true)[1]
  return { row - 1, (vim.str_utfindex(line, byte)) }
end

local function floating_window()
  for _, win in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_win_get_config(win).relative ~= '' then
      return win
    end
  end
end

local step_kinds = {}

local function published(uri, version)
  for i = #results.publications, 1, -1 do
    local publication = results.publications[i]
    if publication.uri == uri and publication.version == version then
      return publication
    end
  end
end

function step_kinds.diagnostics()
  local uri = vim.uri_from_bufnr(bufnr)
  local version = vim.lsp.util.buf_versions[bufnr]
  wait_for('textDocument/publishDiagnostics of version ' .. version, function()
    return published(uri, version) ~= nil
  end)
  local kept = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    table.insert(kept, { lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col,
                         severity = d.severity, message = d.message, source = d.source })
  end
  return { version = version, published = published(uri, version), kept = kept }
end

function step_kinds.request(step)
  move_to(step.at)
  local params = vim.lsp.util.make_position_params()
  local responses, err = vim.lsp.buf_request_sync(bufnr, step.method, params, plan.timeout_ms)
  if responses == nil then
    error(string.format('%s: %s', step.method, tostring(err)), 0)
  end
  local response = responses[client_id] or {}
  if response.err then
    error(string.format('%s: the server answered with an error: %s', step.method, vim.inspect(response.err)), 0)
  end
  local found = { position = params.position, result = vim.deepcopy(response.result) }
  if step.apply ~= nil then -- accept the item with this label (apply_text_edits marks the edit)
    local items = response.result and (response.result.items or response.result) or {}
    local item = vim.tbl_filter(function(i) return i.label == step.apply end, items)[1]
    if item == nil or item.textEdit == nil then
      error(string.format('%s: no item %q with a textEdit', step.method, step.apply), 0)
    end
    vim.lsp.util.apply_text_edits({ item.textEdit }, bufnr, client().offset_encoding)
    found.line = vim.api.nvim_buf_get_lines(bufnr, step.at[1], step.at[1] + 1, true)[1]
  end
  return found
end

function step_kinds.hover_keys(step)
  move_to(step.at)
  vim.cmd('normal ' .. step.keys)
  wait_for('a hover window after ' .. step.keys, floating_window)
  local win = floating_window()
  local lines = vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(win), 0, -1, false)
  vim.api.nvim_win_close(win, true)
  return { lines = lines }
end

function step_kinds.jump_keys(step)
  move_to(step.at)
  local before = vim.api.nvim_win_get_cursor(0)
  vim.cmd('normal ' .. step.keys)
  wait_for('the cursor to move after ' .. step.keys, function()
    return not vim.deep_equal(vim.api.nvim_win_get_cursor(0), before)
  end)
  return { cursor = cursor(), file = vim.api.nvim_buf_get_name(0) }
end

function step_kinds.open(step)
  vim.o.hidden = true -- keep the edited model open, unsaved
  vim.cmd('edit ' .. vim.fn.fnameescape(step.file))
  bufnr = vim.api.nvim_get_current_buf()
  return { clients = vim.tbl_keys(vim.lsp.buf_get_clients(bufnr)) }
end

function step_kinds.insert(step)
  vim.api.nvim_buf_set_lines(bufnr, step.line, step.line, true, { step.text })
  return { version = vim.lsp.util.buf_versions[bufnr] }
end

local function main()
  vim.g.tabletwin_lsp_cmd = plan.server
  dofile(plan.snippet)
  vim.cmd('filetype on') -- `-u NONE` leaves filetype detection off; people have it on
  vim.cmd('edit ' .. vim.fn.fnameescape(plan.model))
  bufnr = vim.api.nvim_get_current_buf()
  if client_id == nil then
    error('the snippet did not start a client for ' .. plan.model .. ' (filetype ' .. vim.bo.filetype .. ')', 0)
  end
  wait_for('the server to initialize', function()
    client()
    return vim.lsp.buf_get_clients(bufnr)[client_id] ~= nil
  end)
  results.client_id = client_id
  results.offset_encoding = client().offset_encoding
  results.server_capabilities = client().server_capabilities
  for _, step in ipairs(plan.steps) do
    current_step = step.name
    local began = vim.loop.hrtime()
    local kind = step_kinds[step.kind] or error('unknown step kind ' .. tostring(step.kind), 0)
    local found = kind(step)
    found.ms = (vim.loop.hrtime() - began) / 1e6
    results.steps[step.name] = found
  end
  current_step = 'stop'
  vim.lsp.stop_client(client_id)
  wait_for('the server to stop', function()
    return vim.lsp.get_client_by_id(client_id) == nil
  end)
end

local ok, err = xpcall(main, debug.traceback)
if not ok then
  results.error = string.format('in step %s: %s', current_step, err)
end
vim.fn.writefile({ vim.fn.json_encode(results) }, plan.results)
vim.cmd(ok and 'qall!' or 'cquit 2')
