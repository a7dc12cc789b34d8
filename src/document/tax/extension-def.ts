/** An extension key a regime, an addon or a catalogue defines: either a closed list of codes or a pattern. */
export interface ExtensionDefinition {
  key: string;
  /** A regular expression the value must match, when the extension is free-form. */
  pattern?: string;
  codes?: string[];
}
