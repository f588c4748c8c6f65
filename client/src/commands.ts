/** The ids of the commands the extension contributes (package.json `contributes.commands`). */
import { CLIENT_COMMAND } from "./lowering";

export const COMMANDS = {
  restart: "pallasLsp.restart",
  confirmLowering: CLIENT_COMMAND,
  showOutput: "pallasLsp.showOutput",
} as const;
