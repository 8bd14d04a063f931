import ArgumentParser

struct CompletionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "completions",
        abstract: "Print the shell completion script of mealplan for bash, zsh or fish.",
        discussion: """
            The script completes commands, options and the values they accept; it is made from \
            the same definitions as the commands, so it always matches this mealplan.

            Install it where your shell looks for completions, for example:
              mealplan completions bash > ~/.local/share/bash-completion/completions/mealplan
              mealplan completions zsh > ~/.zfunc/_mealplan    # with fpath+=~/.zfunc in .zshrc
              mealplan completions fish > ~/.config/fish/completions/mealplan.fish
            """)

    enum Shell: String, CaseInsensitiveChoice {
        case bash, zsh, fish
    }

    @Argument(help: "bash, zsh or fish.") var shell: Shell

    func run() {
        print(Mealplan.completionScript(for: CompletionShell(rawValue: shell.rawValue)!))
    }
}
