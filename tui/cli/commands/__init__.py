"""The command-line shell's commands: one module per command, each registering its subparser."""
