-- The core editor scenario through Neovim 0.7's own LSP client (headless):
-- open a kernel file -> PAL001 appears on line 11 -> hover explains the rule ->
-- the "Disable PAL001 for this line" quick fix is applied by Neovim's workspace-edit
-- code -> Neovim sends the change -> the diagnostic disappears.
-- Driven by tests/editors/test_neovim.py: PALLAS_NVIM_FILE, PALLAS_NVIM_PYTHON,
-- PALLAS_NVIM_RESULT (a file this script writes "ok" or the failure into).
-- In 0.7 there is no vim.lsp.start; vim.lsp.buf.hover()/code_action() only draw UI,
-- so the raw requests are used (../shared/real-editor-testing.md).

local file = os.getenv("PALLAS_NVIM_FILE")
local python = os.getenv("PALLAS_NVIM_PYTHON")
local result_path = os.getenv("PALLAS_NVIM_RESULT")

local function finish(message)
  local out = io.open(result_path, "w")
  out:write(message)
  out:close()
  if message == "ok" then
    vim.cmd("qa!")
  else
    vim.cmd("cquit 1")
  end
end

local function check(condition, message)
  if not condition then
    finish("FAIL: " .. message)
  end
end

local ok, err = pcall(function()
  vim.cmd("edit " .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()
  local client_id = vim.lsp.start_client({
    name = "pallas-lsp",
    cmd = { python, "-m", "pallas_lsp", "serve" },
    root_dir = vim.fn.fnamemodify(file, ":h"),
    init_options = { pallasLsp = { debounceMs = 50 } },
  })
  check(client_id ~= nil, "the client did not start")
  vim.lsp.buf_attach_client(bufnr, client_id)

  local function pal_diagnostics()
    local found = {}
    for _, d in ipairs(vim.diagnostic.get(bufnr)) do
      local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
      if code == "PAL001" then
        table.insert(found, d)
      end
    end
    return found
  end

  check(vim.wait(20000, function() return #pal_diagnostics() > 0 end, 50),
        "no PAL001 diagnostic arrived")
  local diag = pal_diagnostics()[1]
  check(diag.lnum == 10, "PAL001 on line " .. tostring(diag.lnum + 1) .. ", expected 11")
  check(diag.source == "pallas-lsp", "source is " .. tostring(diag.source))

  local client = vim.lsp.get_client_by_id(client_id)
  local hover = vim.lsp.buf_request_sync(bufnr, "textDocument/hover", {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    position = { line = diag.lnum, character = diag.col },
  }, 10000)
  local hover_text = ""
  for _, response in pairs(hover or {}) do
    if response.result and response.result.contents then
      hover_text = hover_text .. (response.result.contents.value or "")
    end
  end
  check(hover_text:find("PAL001", 1, true) ~= nil, "hover lacks PAL001: " .. hover_text)
  -- The hover is short (the inferred facts and one rule line); the whole rule page is one link away.
  check(hover_text:find("docs/rules/PAL001.md", 1, true) ~= nil, "hover lacks the link to the rule page: " .. hover_text)

  local line_diagnostics = vim.lsp.diagnostic.get_line_diagnostics(bufnr, diag.lnum)
  local actions = vim.lsp.buf_request_sync(bufnr, "textDocument/codeAction", {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    range = {
      start = { line = diag.lnum, character = diag.col },
      ["end"] = { line = diag.end_lnum, character = diag.end_col },
    },
    context = { diagnostics = line_diagnostics },
  }, 10000)
  local chosen = nil
  local titles = {}
  for _, response in pairs(actions or {}) do
    for _, action in ipairs(response.result or {}) do
      table.insert(titles, action.title)
      if action.title == "Disable PAL001 for this line" then
        chosen = action
      end
    end
  end
  check(chosen ~= nil and chosen.edit ~= nil,
        "no 'Disable PAL001 for this line' action among: " .. table.concat(titles, " | "))
  vim.lsp.util.apply_workspace_edit(chosen.edit, client.offset_encoding)
  local line11 = vim.api.nvim_buf_get_lines(bufnr, 10, 11, false)[1]
  check(line11:find("# noqa: PAL001", 1, true) ~= nil, "the edit did not land: " .. line11)

  check(vim.wait(20000, function() return #pal_diagnostics() == 0 end, 50),
        "PAL001 still shown after the quick fix")
  vim.lsp.stop_client(client_id)
  finish("ok")
end)
if not ok then
  finish("ERROR: " .. tostring(err))
end
