-- tabletwin-lsp in Neovim 0.7 or later: diagnostics, hover, completion and navigation for
-- tabletwin models (a top-level `flow:`, or `game:` with `actions:`) and tactics (a top-level `tactic:`). Other YAML files
-- are left alone. Written for 0.7 (`vim.lsp.start`, which does the same in fewer lines, came
-- in 0.8).
--
-- Use: save this file as ~/.config/nvim/lua/tabletwin.lua and add `require('tabletwin')` to
-- init.lua (or paste it into init.lua). The server must be on PATH, or set its command first:
--
--   vim.g.tabletwin_lsp_cmd = { '/path/to/venv/bin/tabletwin-lsp' }
--
-- Filetype detection must be on (it is, unless Neovim runs with `-u NONE`). Mappings in model
-- buffers: K shows what the key, op or name under the cursor means, gd goes to its definition,
-- <C-x><C-o> in insert mode completes. `:lua vim.diagnostic.setloclist()` lists the problems.
-- A new file is checked from the first time it is opened with its `flow:` or `tactic:` key.
-- tests/editors/test_neovim.py loads this very file in Neovim 0.7.

local client_id = nil -- one server for every model and tactic buffer

-- The server's own test (server/tabletwin_lsp/documents.py): a tactic has `tactic:`, a model
-- has `flow:`, or `game:` together with `actions:`.
local function is_tabletwin(bufnr)
  local keys = {}
  for _, line in ipairs(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)) do
    local key = line:match('^(%a+)%s*:')
    if key then
      keys[key] = true
    end
  end
  return keys.tactic or keys.flow or (keys.game and keys.actions) or false
end

local function on_attach(_, bufnr)
  vim.bo[bufnr].omnifunc = 'v:lua.vim.lsp.omnifunc'
  vim.keymap.set('n', 'K', vim.lsp.buf.hover, { buffer = bufnr, desc = 'tabletwin: hover' })
  vim.keymap.set('n', 'gd', vim.lsp.buf.definition, { buffer = bufnr, desc = 'tabletwin: definition' })
end

local function attach(bufnr)
  if not is_tabletwin(bufnr) then
    return
  end
  if client_id == nil or vim.lsp.get_client_by_id(client_id) == nil then
    client_id = vim.lsp.start_client({
      name = 'tabletwin',
      cmd = vim.g.tabletwin_lsp_cmd or { 'tabletwin-lsp' },
      root_dir = vim.fn.getcwd(),
      -- The server's settings (docs/editor.md); these are the defaults.
      init_options = { tabletwin = { testGames = 20, runTestGames = 'save', debounceMs = 200 } },
      on_attach = on_attach,
    })
  end
  if client_id ~= nil then
    vim.lsp.buf_attach_client(bufnr, client_id)
  end
end

vim.api.nvim_create_autocmd('FileType', {
  group = vim.api.nvim_create_augroup('tabletwin_lsp', { clear = true }),
  pattern = 'yaml',
  callback = function(args)
    attach(args.buf)
  end,
})
