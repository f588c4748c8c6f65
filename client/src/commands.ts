/** The ids of the commands the extension contributes (package.json `contributes.commands`). */
import { CLIENT_COMMAND } from "./lowering";
import { SHOW_RULE_COMMAND } from "./rule-links";

export const COMMANDS = {
  restart: "pallasLsp.restart",
  confirmLowering: CLIENT_COMMAND,
  showOutput: "pallasLsp.showOutput",
  selectInterpreter: "pallasLsp.selectInterpreter",
  showRule: SHOW_RULE_COMMAND,
} as const;
