/**
 * The folding of the search index's trigram tokenizer (FTS5 `trigram remove_diacritics 1`, migrations
 * 002–009), for the engine that matches substrings itself (PostgreSQL): each code point is folded
 * on its own (case, Latin diacritics), a combining accent the tokenizer drops is dropped, and
 * the text ends at a NUL, where the tokenizer stops reading. Folding a document and a phrase
 * with this and testing a substring answers what the tokenizer's phrase match answers.
 *
 * The table is that tokenizer's own answer for every code point (test/trigram-fold.test.ts
 * derives it from SQLite and compares): space-separated entries in base 36, `from=to` for one
 * code point, `start+count/delta` for a run of consecutive ones shifted alike, `start+count~delta`
 * for every second one (upper/lower case pairs).
 */
const TABLE = [
  '1t+q/w 51=qk 5c=2p 5d=2p 5e=2p 5f=2p 5g=2p 5h=2p 5i=6e 5j=2r 5k=2t 5l=2t 5m=2t 5n=2t 5o=2x 5p=2x 5q=2x',
  '5r=2x 5s=6o 5t=32 5u=33 5v=33 5w=33 5x=33 5y=33 60=6w 61=39 62=39 63=39 64=39 65=3d 66=72 68=2p 69=2p',
  '6a=2p 6b=2p 6c=2p 6d=2p 6f=2r 6g=2t 6h=2t 6i=2t 6j=2t 6k=2x 6l=2x 6m=2x 6n=2x 6p=32 6q=33 6r=33 6s=33',
  '6t=33 6u=33 6x=39 6y=39 6z=39 70=39 71=3d 73=3d 74=2p 75=2p 76=2p 77=2p 78=2p 79=2p 7a=2r 7b=2r 7c=2r',
  '7d=2r 7e=2r 7f=2r 7g=2r 7h=2r 7i=2s 7j=2s 7k=7l 7m=2t 7n=2t 7o=2t 7p=2t 7q=2t 7r=2t 7s=2t 7t=2t 7u=2t',
  '7v=2t 7w=2v 7x=2v 7y=2v 7z=2v 80=2v 81=2v 82=2v 83=2v 84=2w 85=2w 86=87 88=2x 89=2x 8a=2x 8b=2x 8c=2x',
  '8d=2x 8e=2x 8f=2x 8g=2x 8i=8j 8k=2y 8l=2y 8m=2z 8n=2z 8p=30 8q=30 8r=30 8s=30 8t=30 8u=30 8v=8w 8x=8y',
  '8z=32 90=32 91=32 92=32 93=32 94=32 96=97 98=33 99=33 9a=33 9b=33 9c=33 9d=33 9e=9f 9g=36 9h=36 9i=36',
  '9j=36 9k=36 9l=36 9m=37 9n=37 9o=37 9p=37 9q=37 9r=37 9s=37 9t=37 9u=38 9v=38 9w=38 9x=38 9y=9z a0=39',
  'a1=39 a2=39 a3=39 a4=39 a5=39 a6=39 a7=39 a8=39 a9=39 aa=39 ab=39 ac=3b ad=3b ae=3d af=3d ag=3d ah=3e',
  'ai=3e aj=3e ak=3e al=3e am=3e an=37 ap=gj aq=ar as=at au=gk av=aw ax=gm ay=gn az=b0 b2=d9 b3=gp b4=gr',
  'b5=b6 b7=gw b8=gz ba=h5 bb=h4 bc=bd bg=hb bh=he bj=hh bk=33 bl=33 bm=bn bo=bp bq=hs br=bs bt=hv bw=bx',
  'by=i0 bz=39 c0=39 c1=i2 c2=i3 c3=c4 c5=c6 c7=ia c8=c9 cc=cd ck=cm cl=cm cn=cp co=cp cq=cs cr=cs ct=2p',
  'cu=2p cv=2x cw=2x cx=33 cy=33 cz=39 d0=39 d1=39 d2=39 d3=39 d4=39 d5=39 d6=39 d7=39 d8=39 da=2p db=2p',
  'dc+3~1 di=2v dj=2v dk=2z dl=2z dm=33 dn=33 do=33 dp=33 dq=dr ds=2y dt=dv du=dv dw=2v dx=2v dy=b9 dz=cf',
  'e0=32 e1=32 e2=2p e3=2p e4=e5 e6=e7 e8=2p e9=2p ea=2p eb=2p ec=2t ed=2t ee=2t ef=2t eg=2x eh=2x ei=2x',
  'ej=2x ek=33 el=33 em=33 en=33 eo=36 ep=36 eq=36 er=36 es=39 et=39 eu=39 ev=39 ew=37 ex=37 ey=38 ez=38',
  'f0=f1 f2=2w f3=2w f4=bi f6=f7 f8=f9 fa=2p fb=2p fc=2t fd=2t fe=33 ff=33 fg=33 fh=33 fi=33 fj=33 fk=33',
  'fl=33 fm=3d fn=3d fu=8rp fv=fw fx=be fy=8rq g1=g2 g3=ao g4=i1 g5=i4 g6+5~1 n9=qh og=oh oi=oj om=on p2=q4',
  'p4+3/11 p8=r0 pa=r1 pb=r2 pd+h/w pv+9/w qq=qr r3=rb r4=qa r5=qg r9=qu ra=qo rc+c~1 s0=qi s1=qp s4=qg',
  's5=qd s7=s8 s9=s2 sa=sb sd+3/-3m sg+g/28 sw+w/w v4+h~1 wa+r~1 xs=y7 xt+7~1 y8+18~1 10x+12/1c 3a8+12/5ls',
  '3bb=8x3 3bh=8x9 5xc=2p 5xd=2p 5xe=2q 5xf=2q 5xg=2q 5xh=2q 5xi=2q 5xj=2q 5xk=2r 5xl=2r 5xm=2s 5xn=2s',
  '5xo=2s 5xp=2s 5xq=2s 5xr=2s 5xs=2s 5xt=2s 5xu=2s 5xv=2s 5xw=2t 5xx=2t 5xy=2t 5xz=2t 5y0=2t 5y1=2t 5y2=2t',
  '5y3=2t 5y4=2t 5y5=2t 5y6=2u 5y7=2u 5y8=2v 5y9=2v 5ya=2w 5yb=2w 5yc=2w 5yd=2w 5ye=2w 5yf=2w 5yg=2w 5yh=2w',
  '5yi=2w 5yj=2w 5yk=2x 5yl=2x 5ym=2x 5yn=2x 5yo=2z 5yp=2z 5yq=2z 5yr=2z 5ys=2z 5yt=2z 5yu=30 5yv=30 5yw=30',
  '5yx=30 5yy=30 5yz=30 5z0=30 5z1=30 5z2=31 5z3=31 5z4=31 5z5=31 5z6=31 5z7=31 5z8=32 5z9=32 5za=32 5zb=32',
  '5zc=32 5zd=32 5ze=32 5zf=32 5zg=33 5zh=33 5zi=33 5zj=33 5zk=33 5zl=33 5zm=33 5zn=33 5zo=34 5zp=34 5zq=34',
  '5zr=34 5zs=36 5zt=36 5zu=36 5zv=36 5zw=36 5zx=36 5zy=36 5zz=36 600=37 601=37 602=37 603=37 604=37 605=37',
  '606=37 607=37 608=37 609=37 60a=38 60b=38 60c=38 60d=38 60e=38 60f=38 60g=38 60h=38 60i=39 60j=39 60k=39',
  '60l=39 60m=39 60n=39 60o=39 60p=39 60q=39 60r=39 60s=3a 60t=3a 60u=3a 60v=3a 60w=3b 60x=3b 60y=3b 60z=3b',
  '610=3b 611=3b 612=3b 613=3b 614=3b 615=3b 616=3c 617=3c 618=3c 619=3c 61a=3d 61b=3d 61c=3e 61d=3e 61e=3e',
  '61f=3e 61g=3e 61h=3e 61i=2w 61j=38 61k=3b 61l=3d 61n=37 61q=67 61s=2p 61t=2p 61u=2p 61v=2p 61w=2p 61x=2p',
  '61y=2p 61z=2p 620=2p 621=2p 622=2p 623=2p 624=2p 625=2p 626=2p 627=2p 628=2p 629=2p 62a=2p 62b=2p 62c=2p',
  '62d=2p 62e=2p 62f=2p 62g=2t 62h=2t 62i=2t 62j=2t 62k=2t 62l=2t 62m=2t 62n=2t 62o=2t 62p=2t 62q=2t 62r=2t',
  '62s=2t 62t=2t 62u=2t 62v=2t 62w=2x 62x=2x 62y=2x 62z=2x 630=33 631=33 632=33 633=33 634=33 635=33 636=33',
  '637=33 638=33 639=33 63a=33 63b=33 63c=33 63d=33 63e=33 63f=33 63g=33 63h=33 63i=33 63j=33 63k=33 63l=33',
  '63m=33 63n=33 63o=39 63p=39 63q=39 63r=39 63s=39 63t=39 63u=39 63v=39 63w=39 63x=39 63y=39 63z=39 640=39',
  '641=39 642=3d 643=3d 644=3d 645=3d 646=3d 647=3d 648=3d 649=3d 64a+3~1 64o+8/-8 654+6/-8 65k+8/-8',
  '660+8/-8 66g+6/-8 66x+4~-8 67c+8/-8 688+8/-8 68o+8/-8 694+8/-8 69k=69c 69l=69d 69m=67k 69n=67l 69o=69f',
  '69q=qh 6a0+4/-2e 6a4=69v 6ag=6a8 6ah=6a9 6ai=67q 6aj=67r 6aw=6ao 6ax=6ap 6ay=67u 6az=67v 6b0=6at 6bc=67s',
  '6bd=67t 6be=67w 6bf=67x 6bg=6b7 6jq=qx 6ju=2z 6jv=2p 6k2=6ku 6lc+g/g 6mb=6mc 792+q/q 8ow+1b/1c 8rk=8rl',
  '8rm=h7 8rn=5tp 8ro=hp 8rr+3~1 8rx=gh 8ry=hd 8rz=gg 8s0=gi 8s2=8s3 8s5=8s6 8se=fz 8sf=g0 8sg+1e~1 8vf=8vg',
  '8vh=8vi 8vm=8vn wu8+n~1 ww0+c~1 x0i+7~1 x0y+v~1 x2x=x2y x2z=x30 x31=5tl x32+5~1 x3f=x3g x3h=h1 x3k=x3l',
  'x3m=x3n x40+5~1 x4a=h2 1ee9+q/w 1eke=1ekd 1ekf=1ekd 1fcw+14/14',
].join(' ');
/** Combining accents the tokenizer drops (it folds them to 0). */
const DROPPED = [
  0x300, 0x301, 0x302, 0x303, 0x304, 0x306, 0x307, 0x308, 0x309, 0x30a, 0x30b, 0x30c, 0x30f, 0x311, 0x31b, 0x323, 0x324, 0x325, 0x326,
  0x327, 0x328, 0x32d, 0x32e, 0x330, 0x331,
];

/** Code point → folded code point (0: dropped), for those the tokenizer changes. */
function foldTable(): Map<number, number> {
  const folds = new Map<number, number>();
  for (const entry of TABLE.split(' ')) {
    const single = /^([0-9a-z]+)=([0-9a-z]+)$/.exec(entry);
    if (single) {
      folds.set(parseInt(single[1]!, 36), parseInt(single[2]!, 36));
      continue;
    }
    const [, start, count, step, delta] = /^([0-9a-z]+)\+([0-9a-z]+)([/~])(-?[0-9a-z]+)$/.exec(entry)!;
    const first = parseInt(start!, 36);
    const shift = parseInt(delta!, 36);
    const stride = step === '~' ? 2 : 1;
    for (let i = 0, cp = first; i < parseInt(count!, 36); i++, cp += stride) folds.set(cp, cp + shift);
  }
  for (const cp of DROPPED) folds.set(cp, 0);
  return folds;
}

let folds: Map<number, number> | undefined;

/** `text` as the trigram tokenizer reads it: every code point folded, dropped accents gone, nothing past a NUL. */
export function trigramFold(text: string): string {
  folds ??= foldTable();
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp === 0) break;
    const folded = folds.get(cp);
    if (folded === undefined) out += ch;
    else if (folded !== 0) out += String.fromCodePoint(folded);
  }
  return out;
}
