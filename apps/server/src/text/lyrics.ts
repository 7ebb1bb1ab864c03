import { sungLines } from '@cloudtune/lrc';

/**
 * The sung lines of LRC text: the non-empty lines the client displays (`sungLines` of
 * @cloudtune/lrc, the parser the client uses), in time order. Search indexes and shows only
 * these, so a number never matches a stamp, a word only in a tag (`[ar:…]`) or an untimed line
 * is never found, and every line that is found is one the player shows.
 */
export const lyricLines = (lrc: string): string[] => sungLines(lrc);
