// The Master Pyraminx unfolded, for the state editor (edit/net.js): as the Pyraminx's net
// (../pyraminx/net.js), face F upright in the middle with L, R and D folded out across its sides.
import { tetrahedronNet } from "../pyraminx/net.js";
import { LAYERS, STICKERS } from "./layout.js";

export const MASTER_PYRAMINX_NET = tetrahedronNet(STICKERS, LAYERS);
