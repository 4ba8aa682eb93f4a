#!/usr/bin/env bash
# Regenerates the two illustrative videos of /how and their posters, once per language of the site:
# frontend/public/media/how-{intro,tutorial}-{ko,en}.{mp4,jpg}. The page plays the pair of the
# visitor's language, so the captions inside the picture speak it too.
# Everything is drawn by ffmpeg's lavfi sources and filters, so no camera footage or licensed
# artwork is involved. Captions need a font with Hangul: FONT and FONT_BOLD name the files when
# given, else fontconfig's choice for Korean is used (Debian: fonts-noto-cjk). The props on the
# phone screen are drawn with DejaVu (fonts-dejavu-core).
# The brand is read from the site's translations (src/i18n/*/site.json), so it is spelt in one place.
# Usage: frontend/scripts/make-how-videos.sh   (needs ffmpeg with libx264 and libfreetype, fontconfig, node)
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
out="$here/../public/media"
mkdir -p "$out"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# DejaVu for the props: the CJK faces have no smiling face (☺).
prop_bold=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
prop_regular=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf

# hangul_font WEIGHT [FILE]: FILE, else fontconfig's Korean sans of that weight. fc-match answers
# with some font even when none has Hangul, so the answer is checked for Korean coverage.
hangul_font() {
  local file=${2:-$(fc-match -f '%{file}' "sans-serif:lang=ko:weight=$1" 2>/dev/null || true)}
  if [[ -z $file ]] || ! fc-query -f '%{lang}\n' "$file" 2>/dev/null | grep -Eq '(^|\|)ko(\||$)'; then
    echo "make-how-videos: no $1 font with Hangul for the captions${file:+ (tried $file)}." >&2
    echo "Install one (Debian: apt-get install fonts-noto-cjk) or set FONT and FONT_BOLD to font files." >&2
    exit 1
  fi
  printf '%s' "$file"
}
caption_regular=$(hangul_font regular "${FONT:-}")
caption_bold=$(hangul_font bold "${FONT_BOLD:-}")

# A QR-like code: a fixed random 21x21 pattern scaled up with hard edges, plus the three finder
# squares that make it read as a QR code at a glance.
qr_chain="format=gray,scale=231:231:flags=neighbor,
drawbox=x=0:y=0:w=77:h=77:color=white:t=fill,drawbox=x=154:y=0:w=77:h=77:color=white:t=fill,drawbox=x=0:y=154:w=77:h=77:color=white:t=fill,
drawbox=x=0:y=0:w=77:h=77:color=black:t=11,drawbox=x=154:y=0:w=77:h=77:color=black:t=11,drawbox=x=0:y=154:w=77:h=77:color=black:t=11,
drawbox=x=22:y=22:w=33:h=33:color=black:t=fill,drawbox=x=176:y=22:w=33:h=33:color=black:t=fill,drawbox=x=22:y=176:w=33:h=33:color=black:t=fill,
pad=261:261:15:15:white,format=yuv420p"

# caption FROM TO NUMBER TITLE LINE1 LINE2: the right-hand caption of one scene, fading in.
caption() {
  local a=$1 b=$2
  local fade="alpha='min(1,(t-$a)*3)':enable='between(t,$a,$b)'"
  printf '%s' "drawtext=fontfile=$caption_bold:text='$3':fontsize=44:fontcolor=0xE11D48:x=600:y=200:$fade,"
  printf '%s' "drawtext=fontfile=$caption_bold:text='$4':fontsize=64:fontcolor=0x1F2937:x=600:y=260:$fade,"
  printf '%s' "drawtext=fontfile=$caption_regular:text='$5':fontsize=34:fontcolor=0x4B5563:x=600:y=370:$fade,"
  printf '%s' "drawtext=fontfile=$caption_regular:text='$6':fontsize=34:fontcolor=0x4B5563:x=600:y=420:$fade,"
}

# render NAME SECONDS FILTERGRAPH: encodes H.264 yuv420p with the index up front (+faststart) so
# playback starts before the whole file has arrived, then grabs a poster frame.
render() {
  local name=$1 seconds=$2 graph=$3 poster_at=$4
  printf '%s' "$graph" > "$work/$name.filter"
  ffmpeg -hide_banner -loglevel error -y \
    -f lavfi -i "color=c=0xFFF1F2:s=1280x720:r=30:d=$seconds" \
    -f lavfi -i "color=c=0x1F2937:s=330x610:r=30" \
    -f lavfi -i "color=c=white:s=300x530:r=30" \
    -f lavfi -i "life=s=21x21:mold=0:ratio=0.5:random_seed=7:rate=30:life_color=black:death_color=white" \
    -f lavfi -i "color=c=0xE11D48:s=270x6:r=30" \
    -f lavfi -i "color=c=0xE11D48:s=1280x10:r=30" \
    -filter_complex_script "$work/$name.filter" -map '[v]' \
    -t "$seconds" -c:v libx264 -preset slow -crf 30 -pix_fmt yuv420p -profile:v main \
    -movflags +faststart -an "$out/$name.mp4"
  ffmpeg -hide_banner -loglevel error -y -ss "$poster_at" -i "$out/$name.mp4" -frames:v 1 -q:v 4 "$out/$name.jpg"
}

# Shared stage: background, phone body, phone screen, a still QR code and the progress bar.
# $1 = seconds (for the progress bar), $2 = when the QR code is visible, $3 = when the scan line runs.
stage() {
  cat <<GRAPH
[3]trim=end_frame=1,loop=loop=-1:size=1,setpts=N/30/TB,$qr_chain[qr];
[0][1]overlay=x=175:y=55[s1];
[s1][2]overlay=x=190:y=95[s2];
[s2][qr]overlay=x=210:y=215:enable='$2'[s3];
[s3][4]overlay=x=205:y='205+abs(mod((t)*160,540)-270)':enable='$3'[s4];
[s4][5]overlay=x='-1280+t*1280/$1':y=710:shortest=1[s5];
[s5]
GRAPH
}

# Scene props drawn inside the phone screen.
rec() { # blinking REC dot, seconds counter and a smiling face in the viewfinder between $1 and $2
  printf '%s' "drawtext=fontfile=$prop_regular:text='☺':fontsize=220:fontcolor=0xFDA4AF:x=250:y=250:enable='between(t,$1,$2)',"
  printf '%s' "drawtext=fontfile=$prop_regular:text='●':fontsize=40:fontcolor=0xE11D48:x=215:y=115:enable='between(t,$1,$2)*lt(mod(t,1),0.6)',"
  printf '%s' "drawtext=fontfile=$prop_bold:text='REC 0\\:0%{eif\\:t-$1\\:d}':fontsize=30:fontcolor=0x1F2937:x=265:y=120:enable='between(t,$1,$2)',"
}
play() { # play button and hearts rising out of the phone between $1 and $2
  printf '%s' "drawtext=fontfile=$prop_regular:text='▶':fontsize=150:fontcolor=0xE11D48:x=295:y=260:enable='between(t,$1,$2)',"
  local x
  for x in 230 330 420; do
    printf '%s' "drawtext=fontfile=$prop_regular:text='♥':fontsize=54:fontcolor=0xFB7185:x=$x+20*sin((t-$1)*3+$x):y='560-mod((t-$1)*140+$x,360)':enable='between(t,$1,$2)',"
  done
}
upload() { # an upload arrow and a megabyte counter that stops at the 100 MB cap between $1 and $2
  printf '%s' "drawtext=fontfile=$prop_bold:text='▲':fontsize=120:fontcolor=0xE11D48:x=290:y='250-mod((t-$1)*40,30)':enable='between(t,$1,$2)',"
  printf '%s' "drawtext=fontfile=$prop_bold:text='%{eif\\:min(100,(t-$1)*40)\\:d} MB':fontsize=34:fontcolor=0x1F2937:x=280:y=430:enable='between(t,$1,$2)',"
}
gift() { # a gift box with a ribbon and its QR sticker between $1 and $2; with "give" an arrow carries it off
  local on="enable='between(t,$1,$2)'"
  printf '%s' "drawbox=x=240:y=330:w=200:h=170:color=0xFB7185:t=fill:$on,"
  printf '%s' "drawbox=x=325:y=330:w=30:h=170:color=0xFFF1F2:t=fill:$on,"
  printf '%s' "drawbox=x=230:y=290:w=220:h=50:color=0xE11D48:t=fill:$on,"
  printf '%s' "drawbox=x=260:y=430:w=50:h=50:color=black:t=fill:$on,"
  printf '%s' "drawbox=x=268:y=438:w=34:h=34:color=white:t=fill:$on,"
  printf '%s' "drawbox=x=278:y=448:w=14:h=14:color=black:t=fill:$on,"
  if [[ ${3:-} == give ]]; then
    printf '%s' "drawtext=fontfile=$prop_bold:text='→':fontsize=90:fontcolor=0xE11D48:x='250+mod((t-$1)*120,120)':y=170:$on,"
  fi
}
dots() { # step indicator: $1 total steps, $2 seconds per step
  local i
  for ((i = 0; i < $1; i++)); do
    printf '%s' "drawtext=fontfile=$prop_regular:text='●':fontsize=28:fontcolor=0xFDA4AF:x=$((600 + i * 40)):y=560,"
    printf '%s' "drawtext=fontfile=$prop_regular:text='●':fontsize=28:fontcolor=0xE11D48:x=$((600 + i * 40)):y=560:enable='between(t,$((i * $2)),$(((i + 1) * $2)))',"
  done
}

# The captions of each scene, per language. The Korean follows the wording of the /how page itself.
intro_captions() {
  case $1 in
    ko)
      caption 0 4 'STEP 1' '스캔' '휴대폰 카메라로' '선물의 QR 코드를 비추세요.'
      caption 4 8 'STEP 2' '녹화' '영상 메시지를 찍거나 올리세요.' '앱 설치도 회원가입도 필요 없어요.'
      caption 8 12 'STEP 3' '시청' '받는 사람이 같은 코드를 스캔하면' '내 영상 메시지가 재생돼요.'
      ;;
    en)
      caption 0 4 'STEP 1' 'Scan' 'Point your phone camera' 'at the QR code on the gift.'
      caption 4 8 'STEP 2' 'Record' 'Film a video message' 'or upload one. No app, no sign-up.'
      caption 8 12 'STEP 3' 'Watch' 'The recipient scans the same code' 'and sees your message.'
      ;;
  esac
}
tutorial_captions() { # $2 = the brand
  case $1 in
    ko)
      caption 0 3 '1 / 6' 'QR 스티커 찾기' '꽃다발, 케이크, 선물 상자에' '붙은 QR 스티커를 찾으세요.'
      caption 3 6 '2 / 6' '스캔하기' '카메라로 비추고 링크를 누르면' "$2 화면이 바로 열려요."
      caption 6 9 '3 / 6' '녹화하기' '목소리와 표정으로' '마음을 전하세요.'
      caption 9 12 '4 / 6' '갤러리에서 올리기' '갤러리에 있는 영상을 골라' '최대 100MB까지 올릴 수 있어요.'
      caption 12 15 '5 / 6' '선물 전하기' '영상 메시지가' '선물과 함께 전해져요.'
      caption 15 18 '6 / 6' '영상 보기' '받는 사람이 같은 코드를 스캔해요.' '영상은 7일 뒤 자동으로 삭제돼요.'
      ;;
    en)
      caption 0 3 '1 / 6' 'Find the code' 'Look for the QR sticker' 'on the flowers, cake or box.'
      caption 3 6 '2 / 6' 'Scan it' 'Point the camera and tap the link.' "$2 opens in your browser."
      caption 6 9 '3 / 6' 'Record' 'Say it with your voice' 'and your smile.'
      caption 9 12 '4 / 6' 'Or upload' 'Pick a clip from your gallery,' 'up to 100 MB.'
      caption 12 15 '5 / 6' 'Give the gift' 'The message travels' 'with the present.'
      caption 15 18 '6 / 6' 'They watch' 'Same code, one scan.' 'Kept for 7 days, then deleted.'
      ;;
  esac
}

for language in ko en; do
  brand=$(node -p 'require(process.argv[1]).brand' "$here/../src/i18n/$language/site.json")

  # Intro: the whole idea in 12 seconds, scan → record → watch.
  intro="$(stage 12 'lt(t,4)' 'lt(t,4)')
$(intro_captions "$language")
$(rec 4 8)$(play 8 12)$(dots 3 4)null[v]"
  render "how-intro-$language" 12 "$intro" 9

  # Tutorial: the same journey in six steps of 3 seconds, with the limits that matter.
  tutorial="$(stage 18 'between(t,3,6)' 'between(t,3,6)')
$(tutorial_captions "$language" "$brand")
$(gift 0 3)$(rec 6 9)$(upload 9 12)$(gift 12 15 give)$(play 15 18)$(dots 6 3)null[v]"
  render "how-tutorial-$language" 18 "$tutorial" 16
done

ls -l "$out"/how-*
