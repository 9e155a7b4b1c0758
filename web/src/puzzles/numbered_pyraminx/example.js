// The seed's example numbering of the Numbered Pyraminx, shipped as the repository's own file
// (assets/numbered_pyraminx/example.txt, comments and face labels included): a numbered player's
// default numbering, and what the numbering panel's "Load the example" restores.
export { default as EXAMPLE_NUMBERING } from "../../../../assets/numbered_pyraminx/example.txt?raw";
