#pragma once

#include "Records.h"

#include <QFrame>

class QLabel;
class QPlainTextEdit;

namespace cw {

// One proof record: what it is, whether the proposal claims it and whether it
// supports the claimed proof level, and its content (highlighted by type).
class ProofRecordView : public QFrame
{
    Q_OBJECT

public:
    enum class Support
    {
        NotClaimed,    // on the case, but the proposal does not link it
        Supports,      // linked, and enough for the claimed level
        DoesNotSupport // linked, but short of the claimed level (failed, unverified)
    };

    ProofRecordView(const ProofRecord &proof, Support support, const QString &claimedLevel,
                    QWidget *parent = nullptr);

    Support support() const { return m_support; }
    QString headerText() const;

private:
    Support m_support;
    QLabel *m_header = nullptr;
    QPlainTextEdit *m_content = nullptr;
};

} // namespace cw
