"""``exactcube completion``: the shell completion script (through argcomplete)."""

from __future__ import annotations

NAME = "completion"
ORDER = 90
HELP = "print the shell completion script: commands, options, claim, document, table and figure ids"
DESCRIPTION = """Print the script that teaches a shell to complete exactcube's command lines: the
commands, their options, and the registered claim ids (--claim), document ids (--paper),
table ids (table ID) and figure ids (plot ID).  Completion is answered by exactcube itself
through argcomplete (https://kislyuk.github.io/argcomplete/).

  bash   add to ~/.bashrc:               eval "$(exactcube completion bash)"
  zsh    add to ~/.zshrc after compinit:  eval "$(exactcube completion zsh)"
  fish   add to ~/.config/fish/config.fish:  exactcube completion fish | source"""

SHELLS = ("bash", "zsh", "fish")


def add_arguments(p):
    p.add_argument("shell", choices=SHELLS, help="the shell: bash, zsh or fish")


def run(args, out) -> int:
    """Write argcomplete's script for ``args.shell`` (argcomplete.shellcode) on standard output."""
    import argcomplete

    out.write(argcomplete.shellcode(["exactcube"], shell=args.shell))
    return 0
