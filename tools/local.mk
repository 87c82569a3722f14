# tools: typeshim-run (installed in bin/).
